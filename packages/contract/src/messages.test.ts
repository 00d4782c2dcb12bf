import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import {
  CreateDeliveryBodySchema,
  LIMITS,
  LoginBodySchema,
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
