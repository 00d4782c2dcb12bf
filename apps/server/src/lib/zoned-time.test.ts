import { describe, expect, it } from 'vitest';
import { dayIn, isTimeZone, nextDay, zonedInstant } from './zoned-time.js';

describe('days and times of day in a time zone', () => {
  it('reads a time of day in the zone, across the clocks changing', () => {
    // London: GMT in winter, BST (UTC+1) in summer.
    expect(zonedInstant('2026-01-15', 8 * 60, 'Europe/London').toISOString()).toBe('2026-01-15T08:00:00.000Z');
    expect(zonedInstant('2026-07-15', 8 * 60, 'Europe/London').toISOString()).toBe('2026-07-15T07:00:00.000Z');
    // The day the clocks go forward (29 March 2026, 01:00 GMT): 08:00 is already BST.
    expect(zonedInstant('2026-03-29', 8 * 60, 'Europe/London').toISOString()).toBe('2026-03-29T07:00:00.000Z');
    expect(zonedInstant('2026-07-15', 9 * 60 + 30, 'America/New_York').toISOString()).toBe(
      '2026-07-15T13:30:00.000Z',
    );
    expect(zonedInstant('2026-07-15', 24 * 60, 'Asia/Tokyo').toISOString()).toBe('2026-07-15T15:00:00.000Z');
  });

  it('tells the day it is in the zone', () => {
    const lateEvening = new Date('2026-07-15T23:30:00Z');
    expect(dayIn('Europe/London', lateEvening)).toBe('2026-07-16');
    expect(dayIn('UTC', lateEvening)).toBe('2026-07-15');
    expect(dayIn('America/Los_Angeles', lateEvening)).toBe('2026-07-15');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
