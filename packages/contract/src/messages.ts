import { z } from 'zod';

/** What a field that was not sent (or sent as null) is told, unless its schema names it. */
export const REQUIRED_MESSAGE = 'This field is required.';

type Issue = z.core.$ZodRawIssue;

function isMissing(input: unknown): boolean {
  return input === undefined || input === null;
}

function typeMessage(expected: string, input: unknown): string | undefined {
  if (isMissing(input)) return REQUIRED_MESSAGE;
  switch (expected) {
    case 'string':
      return 'Must be text.';
    case 'number':
      return typeof input === 'number' && !Number.isNaN(input)
        ? 'Must be a finite number.'
        : 'Must be a number.';
    case 'int':
      return 'Must be a whole number.';
    case 'boolean':
      return 'Must be true or false.';
    case 'array':
      return 'Must be a list.';
    case 'object':
      return 'Must be an object.';
    default:
      return undefined;
  }
}

const UNITS: Record<string, [one: string, many: string]> = {
  string: ['character', 'characters'],
  array: ['item', 'items'],
  set: ['item', 'items'],
};

function countOf(n: number | bigint, origin: string): string {
  const [one, many] = UNITS[origin] ?? ['', ''];
  return `${n} ${n === 1 || n === 1n ? one : many}`;
}

function sizeMessage(issue: Issue & { code: 'too_big' | 'too_small' }): string | undefined {
  const big = issue.code === 'too_big';
  const limit = big ? issue.maximum : issue.minimum;
  const inclusive = issue.inclusive !== false;
  if (issue.origin in UNITS) {
    if (issue.exact) return `Use exactly ${countOf(limit, issue.origin)}.`;
    if (!big && Number(limit) === 1)
      return issue.origin === 'string' ? REQUIRED_MESSAGE : 'Add at least one.';
    return `Use at ${big ? 'most' : 'least'} ${countOf(limit, issue.origin)}.`;
  }
  if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') {
    if (big) return inclusive ? `Must be at most ${limit}.` : `Must be less than ${limit}.`;
    return inclusive ? `Must be at least ${limit}.` : `Must be more than ${limit}.`;
  }
  return undefined;
}

/**
 * Plain English for the issues every schema can raise, so a schema needs its own message only where it has
 * something better to say. Undefined falls back to zod's own wording.
 */
export function contractErrorMessage(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      return typeMessage(issue.expected, issue.input);
    case 'too_big':
    case 'too_small':
      return sizeMessage(issue);
    case 'invalid_value':
      return issue.values.length <= 12
        ? `Must be one of: ${issue.values.map(String).join(', ')}.`
        : 'Choose one of the allowed values.';
    case 'invalid_format':
      return issue.format === 'uuid' ? 'Must be a uuid.' : undefined;
    default:
      return undefined;
  }
}

// One map for every schema of the contract, on the server and in the browser (decision 014).
z.config({ customError: contractErrorMessage });

/**
 * The `error` of a schema whose missing value deserves a named message ("Name the delivery"): other issues
 * (wrong type, too long) fall through to their own message instead of repeating it.
 */
export function whenMissing(message: string) {
  return (issue: { input?: unknown }) => (isMissing(issue.input) ? message : undefined);
}
