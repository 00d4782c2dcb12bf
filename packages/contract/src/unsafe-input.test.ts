import { describe, expect, it } from 'vitest';
import { LIMITS, UNSAFE_INPUT_MESSAGES, unsafeInputIssue, unsafeTextMessage } from './index.js';

describe('unsafe text (decision 014)', () => {
  it('refuses NUL, other C0 controls and DEL, and keeps tab, line feed and carriage return', () => {
    for (const c of ['\u0000', '\u0001', '\u0008', '\u000B', '\u000C', '\u001B', '\u001F', '\u007F'])
      expect(unsafeTextMessage(`a${c}b`), JSON.stringify(c)).toBe(UNSAFE_INPUT_MESSAGES.control);
    expect(unsafeTextMessage('line one\r\nline two\tend')).toBeUndefined();
    expect(unsafeTextMessage('Zoë, 東京, 🚚')).toBeUndefined();
  });

  it('refuses lone UTF-16 surrogates but not pairs', () => {
    expect(unsafeTextMessage('a\uD800')).toBe(UNSAFE_INPUT_MESSAGES.surrogate);
    expect(unsafeTextMessage('\uDC00a')).toBe(UNSAFE_INPUT_MESSAGES.surrogate);
    expect(unsafeTextMessage('\uD83D\uDE9A')).toBeUndefined();
  });

  it('names the dotted path of the first bad string in a body', () => {
    const body = {
      name: 'ok',
      steps: [{ address: { city: 'London' } }, { address: { city: 'Le\u0000eds' } }],
      notes: 'also\u0000bad',
    };
    expect(unsafeInputIssue(body)).toEqual({
      path: 'steps.1.address.city',
      message: UNSAFE_INPUT_MESSAGES.control,
    });
    expect(unsafeInputIssue({ name: 'ok', list: [1, true, null, 'fine'] })).toBeUndefined();
    expect(unsafeInputIssue('\u0000')).toEqual({ path: '_', message: UNSAFE_INPUT_MESSAGES.control });
  });

  it('refuses bad object keys at the object holding them', () => {
    expect(unsafeInputIssue({ rows: [{ 'ci\u0000ty': 'x' }] })).toEqual({
      path: 'rows.0',
      message: UNSAFE_INPUT_MESSAGES.key,
    });
  });

  it('refuses nesting past the limit without overflowing the stack', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(unsafeInputIssue({ a: deep })?.message).toBe(UNSAFE_INPUT_MESSAGES.depth);
    let ok: unknown = 'leaf';
    for (let i = 0; i < LIMITS.inputDepthMax - 1; i++) ok = { a: ok };
    expect(unsafeInputIssue({ a: ok })).toBeUndefined();
  });
});
