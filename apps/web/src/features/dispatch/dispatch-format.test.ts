import type { RouteFigures } from '@courier/contract';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayIn,
  driverColor,
  figureChanges,
  lateText,
  loadOf,
  minuteOfTime,
  timeOfMinute,
} from './dispatch-format';

const FIGURES: RouteFigures = {
  distanceM: 12_300,
  durationS: 3_900,
  lateStops: 1,
  lateMinutes: 12,
  peakKg: 420,
  peakCm3: 1_200_000,
  overCapacity: false,
  overShift: false,
};

describe('times of the working day', () => {
  it('writes minutes from midnight as a clock and reads them back', () => {
    expect(timeOfMinute(510)).toBe('08:30');
    expect(timeOfMinute(1440)).toBe('24:00');
    expect(minuteOfTime('08:30')).toBe(510);
    expect(minuteOfTime('8:05')).toBe(485);
    expect(minuteOfTime('')).toBeNull();
    expect(minuteOfTime('25:00')).toBeNull();
    expect(minuteOfTime('00:00')).toBe(0);
    expect(minuteOfTime('00:00', true)).toBe(1440);
  });

  it("reads an instant's minute and day in the company's time zone", () => {
    // 07:30 UTC is 08:30 in London in summer, 16:30 in Tokyo.
    expect(dayIn('Pacific/Auckland', new Date('2026-07-01T20:00:00.000Z'))).toBe('2026-07-02');
    expect(dayIn('Europe/London', new Date('2026-07-01T20:00:00.000Z'))).toBe('2026-07-01');
  });

  it('counts days across months and years', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('figures', () => {
  it('writes lateness as minutes added', () => {
    expect(lateText(12)).toBe('+12 min');
    expect(lateText(65)).toBe('+1 h 05 min');
  });

  it('fills the load bar with the fuller of weight and volume', () => {
    const vehicle = {
      uuid: '00000000-0000-4000-8000-000000000001',
      name: 'Van 1',
      sizeSlug: 'van-small',
      capacity: { kg: 600, cm3: 3_000_000 },
    };
    expect(loadOf(FIGURES, vehicle)).toEqual({
      percent: 70,
      over: false,
      label: '420 kg of 600 kg · 1.2 m³ of 3.0 m³',
    });
    expect(loadOf({ ...FIGURES, peakKg: 700, overCapacity: true }, vehicle)).toMatchObject({
      percent: 117,
      over: true,
    });
    expect(loadOf(FIGURES, null)).toEqual({ percent: null, over: false, label: '420 kg · 1.2 m³' });
    // A bicycle's load reads in litres.
    const bike = { ...vehicle, sizeSlug: 'bicycle', capacity: { kg: 15, cm3: 60_000 } };
    expect(loadOf({ ...FIGURES, peakKg: 3, peakCm3: 20_000 }, bike).label).toBe(
      '3 kg of 15 kg · 20 L of 60 L',
    );
  });

  it('compares figures before and after, lower being better', () => {
    const changes = figureChanges(FIGURES, { ...FIGURES, distanceM: 8_000, lateStops: 2 });
    expect(changes.map((c) => [c.label, c.trend])).toEqual([
      ['Distance', 'better'],
      ['Duration', 'same'],
      ['Late stops', 'worse'],
    ]);
    expect(changes[0]).toMatchObject({ before: '7.6 mi (12.3 km)', after: '5.0 mi (8.0 km)' });
  });

  it('gives drivers colours in turn', () => {
    expect(driverColor(0)).toBe('blue');
    expect(driverColor(12)).toBe('blue');
  });
});
