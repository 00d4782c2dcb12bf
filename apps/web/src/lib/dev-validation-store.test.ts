import { DEV_VALIDATION_VALUE_MAX_CHARS, UserSchema } from '@courier/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearMismatches,
  describeReceived,
  devValidationStore,
  recordMismatch,
} from './dev-validation-store';

describe('development validation store (spec section 5)', () => {
  beforeEach(() => clearMismatches());

  it('records per request url with count, timestamp, path, message and the value', () => {
    const received = { uuid: 'not-a-uuid', createdAt: 'yesterday' };
    const result = UserSchema.safeParse(received);
    expect(result.success).toBe(false);
    const issues = result.error?.issues ?? [];

    recordMismatch('/api/v1/me', issues, received, 1000);
    const entry = recordMismatch('/api/v1/me', issues, received, 2000);

    expect(entry.count).toBe(2);
    expect(entry.timestamp).toBe(2000);
    expect(entry.path).toContain('createdAt');
    expect(entry.message).toContain('Invalid datetime string');
    expect(entry.received).toBe(JSON.stringify(received));
    expect(Object.keys(devValidationStore.get())).toEqual(['/api/v1/me']);
  });

  it('cuts the received value at 200 characters', () => {
    const long = { text: 'x'.repeat(500) };
    const entry = recordMismatch('/api/v1/me/role', [{ path: [], message: 'Expected array' }], long);
    expect(DEV_VALIDATION_VALUE_MAX_CHARS).toBe(200);
    expect(entry.received).toHaveLength(200);
    expect(entry.received).toBe(JSON.stringify(long).slice(0, 200));
    expect(entry.path).toBe('(root)');
    expect(describeReceived('short')).toBe('"short"');
  });
});
