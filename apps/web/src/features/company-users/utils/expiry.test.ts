import { DOCUMENT_EXPIRY_WARNING_DAYS } from '@courier/contract';
import { describe, expect, it } from 'vitest';
import { expiryOf, expiryWarnings } from './expiry';

const now = new Date('2026-03-01T12:00:00.000Z');
const inDays = (days: number) => new Date(now.getTime() + days * 24 * 60 * 60 * 1000).toISOString();

describe('document expiry rule', () => {
  it('warns 30 days ahead, the spec constant', () => {
    expect(DOCUMENT_EXPIRY_WARNING_DAYS).toBe(30);
  });

  it('is expiring within 30 days, up to and including the 30th day', () => {
    expect(expiryOf(inDays(1), now)).toEqual({ state: 'expiring', daysLeft: 1 });
    expect(expiryOf(inDays(0.2), now)).toEqual({ state: 'expiring', daysLeft: 1 });
    expect(expiryOf(inDays(29.5), now)).toEqual({ state: 'expiring', daysLeft: 30 });
    expect(expiryOf(inDays(30), now)).toEqual({ state: 'expiring', daysLeft: 30 });
  });

  it('is valid beyond 30 days', () => {
    expect(expiryOf(inDays(30.01), now).state).toBe('valid');
    expect(expiryOf(inDays(365), now)).toEqual({ state: 'valid', daysLeft: 365 });
  });

  it('is expired from the moment of expiry on', () => {
    expect(expiryOf(now.toISOString(), now).state).toBe('expired');
    expect(expiryOf(inDays(-3), now)).toEqual({ state: 'expired', daysLeft: -3 });
  });

  it('does not warn without a readable date', () => {
    for (const value of [null, undefined, '', 'not a date']) {
      expect(expiryOf(value, now)).toEqual({ state: 'unknown', daysLeft: null });
    }
  });

  it('lists the licence and insurance warnings of a driver', () => {
    expect(expiryWarnings({ licenceExpiresAt: inDays(10), insuranceExpiresAt: inDays(-1) }, now)).toEqual([
      { kind: 'licence', expiresAt: inDays(10), state: 'expiring', daysLeft: 10 },
      { kind: 'insurance', expiresAt: inDays(-1), state: 'expired', daysLeft: -1 },
    ]);
    expect(expiryWarnings({ licenceExpiresAt: inDays(90), insuranceExpiresAt: null }, now)).toEqual([]);
    expect(expiryWarnings(undefined, now)).toEqual([]);
  });
});
