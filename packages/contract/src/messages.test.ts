import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import {
  CreateDeliveryBodySchema,
  DATE_RANGE_MESSAGE,
  IsoDateTimeSchema,
  LIMITS,
  LoginBodySchema,
  ParcelInputSchema,
  QuoteInputSchema,
  REQUIRED_MESSAGE,
  UpdateNameBodySchema,
} from './index.js';

const messagesOf = (schema: z.ZodType, value: unknown) =>
  Object.fromEntries(
    (schema.safeParse(value).error?.issues ?? []).map((i) => [i.path.join('.'), i.message] as const),
  );

const steps = [
  { kind: 'pickup', address: { line1: '1 A St', city: 'London', postcode: 'N1', countryCode: 'GB' } },
  { kind: 'dropoff', address: { line1: '2 B St', city: 'Leeds', postcode: 'LS1', countryCode: 'GB' } },
];

describe('messages depend on the issue (decision 014)', () => {
  it('a named "required" message only when the value is missing', () => {
    expect(messagesOf(CreateDeliveryBodySchema, { steps }).name).toBe('Name the delivery');
    expect(messagesOf(CreateDeliveryBodySchema, { steps, name: null }).name).toBe('Name the delivery');
    expect(messagesOf(CreateDeliveryBodySchema, { steps, name: '  ' }).name).toBe('Name the delivery');
    expect(messagesOf(CreateDeliveryBodySchema, { steps, name: 5 }).name).toBe('Must be text.');
    expect(messagesOf(CreateDeliveryBodySchema, { steps, name: 'x'.repeat(LIMITS.nameMax + 1) }).name).toBe(
      `Use at most ${LIMITS.nameMax} characters.`,
    );
    expect(messagesOf(LoginBodySchema, { email: 5, password: 5 })).toEqual({
      email: 'Must be text.',
      password: 'Must be text.',
    });
    expect(messagesOf(LoginBodySchema, {})).toEqual({
      email: 'E-mail is required',
      password: 'Password is required',
    });
    expect(messagesOf(UpdateNameBodySchema, { firstname: ['Ada'], lastname: 'L' }).firstname).toBe(
      'Must be text.',
    );
  });

  it('numbers: wrong type, overflow and the contract limits', () => {
    expect(messagesOf(ParcelInputSchema, { name: 'Box', quantity: 'many' }).quantity).toBe(
      'Must be a number.',
    );
    expect(messagesOf(ParcelInputSchema, { name: 'Box', weightKg: '1e309' }).weightKg).toBe(
      'Must be a finite number.',
    );
    expect(
      messagesOf(ParcelInputSchema, { name: 'Box', quantity: LIMITS.parcelQuantityMax + 1 }).quantity,
    ).toBe(`Must be at most ${LIMITS.parcelQuantityMax}.`);
    expect(messagesOf(ParcelInputSchema, { name: 'Box', weightKg: -1 }).weightKg).toBe(
      'Weight cannot be negative',
    );
    expect(messagesOf(ParcelInputSchema, { name: 'Box', valueMinor: 2 ** 31 }).valueMinor).toBe(
      `Must be at most ${LIMITS.moneyMinorMax}.`,
    );
    expect(
      messagesOf(ParcelInputSchema, { name: 'Box', volumeCm3: LIMITS.parcelVolumeCm3Max, quantity: 100 })
        .volumeCm3,
    ).toMatch(/at most 2000 m³/);
    expect(
      messagesOf(QuoteInputSchema, { priceMinor: 1e12, validUntil: '2030-01-01T00:00:00Z' }).priceMinor,
    ).toBe(`Must be at most ${LIMITS.moneyMinorMax}.`);
  });

  it('a delivery refuses a total load its integer column cannot hold', () => {
    const parcel = { name: 'Crate', volumeCm3: 50_000_000, quantity: 30 };
    expect(
      messagesOf(CreateDeliveryBodySchema, { name: 'Big', steps, parcels: [parcel, parcel] }).parcels,
    ).toMatch(/total volume is at most 2000 m³/);
  });

  it('dates: only years both PostgreSQL and JavaScript write as four digits', () => {
    expect(IsoDateTimeSchema.safeParse('2026-11-21T10:00:00Z').success).toBe(true);
    for (const value of ['0000-01-01T00:00:00Z', '0001-01-01T00:30:00+01:00', '9999-12-31T23:00:00-12:00'])
      expect(messagesOf(IsoDateTimeSchema, value)[''], value).toBe(DATE_RANGE_MESSAGE);
    expect(messagesOf(IsoDateTimeSchema, 'yesterday')['']).toBe('Invalid datetime string');
  });

  it('plain English for the common issues of any schema', () => {
    expect(messagesOf(z.object({ a: z.string() }), {}).a).toBe(REQUIRED_MESSAGE);
    expect(messagesOf(z.boolean(), 'yes')['']).toBe('Must be true or false.');
    expect(messagesOf(z.array(z.string()), {})['']).toBe('Must be a list.');
    expect(messagesOf(z.array(z.string()).max(2), ['a', 'b', 'c'])['']).toBe('Use at most 2 items.');
    expect(messagesOf(z.string().min(3), 'ab')['']).toBe('Use at least 3 characters.');
    expect(messagesOf(z.number().int(), 1.5)['']).toBe('Must be a whole number.');
    expect(messagesOf(z.enum(['a', 'b']), 'c')['']).toBe('Must be one of: a, b.');
    expect(messagesOf(z.uuid(), 'nope')['']).toBe('Must be a uuid.');
  });
});
