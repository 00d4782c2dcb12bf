import { describe, expect, it } from 'vitest';
import { majorToMinor, minorDigitsOf, minorToMajor } from './money';

describe('money', () => {
  it('turns major units into integer minor units by the currency’s decimals', () => {
    expect(minorDigitsOf('GBP')).toBe(2);
    expect(minorDigitsOf('JPY')).toBe(0);
    expect(majorToMinor(12.5, 'GBP')).toBe(1250);
    expect(majorToMinor('0.1', 'GBP')).toBe(10);
    expect(majorToMinor(19.99, 'GBP')).toBe(1999);
    expect(majorToMinor(500, 'JPY')).toBe(500);
    expect(majorToMinor('', 'GBP')).toBeNull();
    expect(majorToMinor('abc', 'GBP')).toBeNull();
    expect(minorToMajor(1250, 'GBP')).toBe(12.5);
  });
});
