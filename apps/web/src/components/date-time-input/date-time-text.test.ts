import { describe, expect, it } from 'vitest';
import { isDateTimeValue, textOfValue, valueOfText } from './date-time-text';

describe('date-time field text', () => {
  it('shows a datetime-local value with a space, and any other text as it is', () => {
    expect(textOfValue('2026-11-21T14:00')).toBe('2026-11-21 14:00');
    expect(textOfValue('')).toBe('');
    expect(textOfValue('2026-11-2')).toBe('2026-11-2');
  });

  it('reads a typed date and time as the datetime-local value the forms hold', () => {
    expect(valueOfText('2026-11-21 14:00')).toBe('2026-11-21T14:00');
    expect(valueOfText('2026-11-21T14:00')).toBe('2026-11-21T14:00');
    expect(valueOfText(' 2026-1-5 9:05 ')).toBe('2026-01-05T09:05');
    expect(valueOfText('2026-01-05, 09.05')).toBe('2026-01-05T09:05');
    expect(isDateTimeValue(valueOfText('2028-02-29 23:59'))).toBe(true);
  });

  it('keeps what is not a real date and time as typed, for the form to report, and nothing as empty', () => {
    expect(valueOfText('')).toBe('');
    expect(valueOfText('   ')).toBe('');
    for (const text of [
      '2026-11-21',
      '2026-11-21 14',
      '2026-02-30 10:00',
      '2026-13-01 10:00',
      '2026-11-21 24:00',
    ])
      expect(valueOfText(text)).toBe(text);
    expect(valueOfText('2026-11-21 14:60')).toBe('2026-11-21 14:60');
  });
});
