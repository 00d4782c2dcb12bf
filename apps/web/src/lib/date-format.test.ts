import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatLongDate, formatTime, formatWindowRange, setDateCountry } from './date-format';

const at = (day: number, h: number, m = 0) => new Date(2026, 10, day, h, m).toISOString();

describe('dates and times written one way', () => {
  afterEach(() => setDateCountry('GB'));

  it("in Britain's style by default: day first, 24 hours", () => {
    expect(formatDateTime(at(28, 18, 52))).toBe('28 Nov 2026, 18:52');
    expect(formatDate(at(28, 18, 52))).toBe('28 Nov 2026');
    expect(formatLongDate(at(28, 18, 52))).toBe('28 November 2026');
    expect(formatTime(at(28, 6, 50))).toBe('06:50');
    expect(formatWindowRange(at(29, 14), at(29, 16), new Date(2026, 10, 1))).toBe('Sun 29 Nov, 14:00–16:00');
    expect(formatWindowRange(at(29, 22), at(30, 6), new Date(2027, 0, 1))).toBe(
      'Sun 29 Nov 2026, 22:00 – Mon 30 Nov 2026, 06:00',
    );
  });

  it("in the company's country's style: month first and AM/PM in the United States", () => {
    setDateCountry('US');
    expect(formatDateTime(at(28, 18, 52))).toBe('Nov 28, 2026, 6:52 PM');
    expect(formatTime(at(28, 6, 50))).toBe('6:50 AM');
    setDateCountry('AU');
    expect(formatDateTime(at(28, 18, 52))).toBe('28 Nov 2026, 6:52 PM');
  });

  it('shows nothing for no date, and a value that is not a date as it is', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDateTime('soon')).toBe('soon');
  });
});
