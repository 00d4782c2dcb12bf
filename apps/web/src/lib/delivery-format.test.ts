import { describe, expect, it } from 'vitest';
import {
  formatAddress,
  formatDistance,
  formatDuration,
  nextStatusColor,
  nextStatusLabel,
} from './delivery-format';

describe('delivery formatting', () => {
  it('shows the distance in kilometres and miles', () => {
    expect(formatDistance(12_345)).toBe('7.7 mi (12.3 km)');
    expect(formatDistance(1609.344)).toBe('1.0 mi (1.6 km)');
    expect(formatDistance(500)).toBe('0.31 mi (0.50 km)');
    expect(formatDistance(250 * 1609.344)).toBe('250 mi (402 km)');
    expect(formatDistance(0)).toBe('0.00 mi (0.00 km)');
    expect(formatDistance(-5)).toBe('0.00 mi (0.00 km)');
  });

  it('shows the duration in hours and minutes', () => {
    expect(formatDuration(0)).toBe('0 min');
    expect(formatDuration(30)).toBe('under a minute');
    expect(formatDuration(12 * 60)).toBe('12 min');
    expect(formatDuration(65 * 60)).toBe('1 h 05 min');
    expect(formatDuration(2 * 3600 + 30 * 60)).toBe('2 h 30 min');
  });

  it('names the next-status buttons and colours the risky ones', () => {
    expect(nextStatusLabel('cancelled')).toBe('Cancel delivery');
    expect(nextStatusLabel('picked-up')).toBe('Mark picked up');
    expect(nextStatusLabel('completed')).toBe('Complete');
    expect(nextStatusLabel('something-new')).toBe('something new');
    expect(nextStatusColor('cancelled')).toBe('red');
    expect(nextStatusColor('completed')).toBe('teal');
    expect(nextStatusColor('at-pickup')).toBeUndefined();
  });

  it('writes an address on one line', () => {
    expect(
      formatAddress({
        line1: '1 High St',
        line2: undefined,
        city: 'London',
        postcode: 'N1 1AA',
        countryCode: 'GB',
      }),
    ).toBe('1 High St, London N1 1AA, GB');
  });
});
