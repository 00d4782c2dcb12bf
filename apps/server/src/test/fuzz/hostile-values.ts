import fc from 'fast-check';

/**
 * Values no person types (decision 037): text with control characters or lone surrogates, numbers past every
 * column, the wrong JSON type, nesting far deeper than the contract allows, and prototype keys.
 */

/**
 * JSON no JS value writes: a number past a double's range (1e400), and nesting thousands deep (JSON.stringify
 * itself overflows the stack on those). They travel as marker strings that `toJsonText` and `rawText` expand.
 */
const MARK = '\u{10FFFD}';
export const RAW_HUGE_NUMBER = `${MARK}number${MARK}`;
const deepMarker = (depth: number, arrays: boolean) => `${MARK}deep:${arrays ? 'a' : 'o'}:${depth}${MARK}`;
const MARKERS = new RegExp(`"?${MARK}(number|deep:(a|o):(\\d+))${MARK}"?`, 'gu');

/** Expands the markers of `text` (quoted in JSON, bare in a query value). */
export function rawText(text: string): string {
  return text.replace(MARKERS, (_m, what: string, kind?: string, depth?: string) => {
    if (what === 'number') return '1e400';
    const n = Number(depth);
    return kind === 'a' ? `${'['.repeat(n)}1${']'.repeat(n)}` : `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
  });
}

/** The request body's text: JSON, with the markers expanded. */
export function toJsonText(value: unknown): string {
  // undefined (fast-check's anything can draw it) has no JSON: sent as null.
  return rawText(JSON.stringify(value) ?? 'null');
}

const char = (min: number, max: number) => fc.integer({ min, max }).map((c) => String.fromCharCode(c));
/** C0 controls (NUL, ESC, …) and DEL, which PostgreSQL cannot store (NUL) or the contract refuses. */
// NUL drawn as often as all the others together: it is the one PostgreSQL refuses outright (a 500 if it got there).
const control = fc.oneof(fc.constant('\u0000'), fc.oneof(char(1, 0x1f), fc.constant('\u007f')));
/** A UTF-16 surrogate without its other half: valid in a JS string and in JSON escapes, not in UTF-8. */
const loneSurrogate = char(0xd800, 0xdfff);
/** One character the contract refuses in any text (decision 014). */
export const unsafeChar = fc.oneof(control, loneSurrogate);
const oddText = fc.constantFrom(
  '\u202e\u200b\ufeff',
  "' OR 1=1 --",
  '%00%ZZ%',
  '../../../etc/passwd',
  '${7*7}{{7*7}}',
  '<script>alert(1)</script>',
  '\ud83d\udc4d\u0301\u0301\u0301',
  '',
  ' ',
);

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(fc.string({ maxLength: 8 }), fc.oneof(control, loneSurrogate), fc.string({ maxLength: 8 }))
    .map((parts) => parts.join('')),
  fc.string({
    unit: fc.oneof(fc.constantFrom('a', ' '), control, loneSurrogate, char(0, 0xffff)),
    maxLength: 30,
  }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  oddText,
  fc.integer({ min: 1_000, max: 200_000 }).map((n) => 'x'.repeat(n)),
);

export const hostileNumber: fc.Arbitrary<number | string> = fc.oneof(
  fc.constantFrom(
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 53 + 2,
    -(2 ** 53) - 2,
    Number.MAX_SAFE_INTEGER,
    1e21,
    1e308,
    -1e308,
    Number.MIN_VALUE,
    -1,
    -0,
    0.5,
    RAW_HUGE_NUMBER,
  ),
  fc.double(),
  fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
);

/** Arrays or objects nested past the contract's depth limit (32), up to thousands deep. */
const deep = fc
  .tuple(fc.integer({ min: 33, max: 5_000 }), fc.boolean())
  .map(([depth, arrays]) => deepMarker(depth, arrays));

export const PROTOTYPE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
];

/** An object whose own keys are prototype names (JSON.parse keeps `__proto__` as an own key, as a client sends it). */
export const prototypeObject = fc
  .tuple(
    fc.constantFrom(...PROTOTYPE_KEYS),
    fc.constantFrom('{"isAdmin":true}', '{"prototype":{"x":1}}', '1', '"x"'),
  )
  .map(([key, value]) => JSON.parse(`{"${key}":${value}}`) as Record<string, unknown>);

const wrongType = fc.oneof(
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
);

/** Any hostile JSON value, for a field or a whole body. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  wrongType,
  deep,
  prototypeObject,
  fc.anything({ maxDepth: 3 }),
);

/**
 * Percent-encodes any JS string for a URL: a lone surrogate, which encodeURIComponent refuses, is written as the
 * three bytes it would take in WTF-8, so the server meets invalid UTF-8.
 */
export function encodeAny(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const next = s.charCodeAt(i + 1);
    if (c >= 0xd800 && c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(s.slice(i, i + 2));
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      out += [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(s[i]!);
  }
  return out;
}

/** Raw pieces of a query string no encoder writes: broken escapes, overlong UTF-8, brackets, prototype names. */
export const rawQueryPiece = fc.constantFrom(
  '%',
  '%ZZ',
  '%C0%80',
  '%ED%A0%80',
  '%00',
  '&&&',
  '=',
  'a[b][c]=1',
  '__proto__[isAdmin]=1',
  'constructor[prototype][x]=1',
  'page=1&page=2',
);
