import { LIMITS } from './constants.js';

/**
 * Text the API refuses anywhere (bodies, queries, path params), decided once here (decision 014): C0 control
 * characters except tab, line feed and carriage return, DEL, and UTF-16 surrogates not in a pair. PostgreSQL
 * cannot store NUL in text at all (it answered 500), and the others are never typed by a person: they come from
 * broken clients or probes, and would end up in CSV exports, PDFs and logs.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSAFE_INPUT_MESSAGES = {
  control: 'Remove the control character (such as NUL) from this text.',
  surrogate: 'This text is not valid Unicode.',
  key: 'A field name contains a control character or invalid Unicode.',
  depth: `Nested deeper than ${LIMITS.inputDepthMax} levels.`,
} as const;

/** The message for one string, or undefined when the string is safe to store. */
export function unsafeTextMessage(value: string): string | undefined {
  if (CONTROL.test(value)) return UNSAFE_INPUT_MESSAGES.control;
  if (LONE_SURROGATE.test(value)) return UNSAFE_INPUT_MESSAGES.surrogate;
  return undefined;
}

export interface UnsafeInputIssue {
  /** Dotted path of the field (`steps.0.address.city`), `_` for the value itself. */
  path: string;
  message: string;
}

interface Visit {
  value: unknown;
  key: string | undefined;
  parent: Visit | undefined;
  depth: number;
}

function pathOf(visit: Visit): string {
  const keys: string[] = [];
  for (let v: Visit | undefined = visit; v?.key !== undefined; v = v.parent) keys.push(v.key);
  return keys.reverse().join('.') || '_';
}

/**
 * The first string (a value or an object key) in parsed JSON or a query object that the API refuses, or nesting
 * deeper than `LIMITS.inputDepthMax`; undefined when all is well. Walks without recursion and builds a path only
 * for the issue it returns, so a hostile 1 MB body costs one linear pass and cannot overflow the stack.
 */
export function unsafeInputIssue(input: unknown): UnsafeInputIssue | undefined {
  const stack: Visit[] = [{ value: input, key: undefined, parent: undefined, depth: 0 }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const { value } = visit;
    if (typeof value === 'string') {
      const message = unsafeTextMessage(value);
      if (message) return { path: pathOf(visit), message };
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (visit.depth >= LIMITS.inputDepthMax)
      return { path: pathOf(visit), message: UNSAFE_INPUT_MESSAGES.depth };
    const entries: (readonly [string, unknown])[] = Array.isArray(value)
      ? (value as unknown[]).map((item, index) => [String(index), item] as const)
      : Object.entries(value as Record<string, unknown>);
    if (entries.some(([key]) => unsafeTextMessage(key)))
      return { path: pathOf(visit), message: UNSAFE_INPUT_MESSAGES.key };
    // Pushed in reverse so the first field in the input is reported first.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      stack.push({ value: child, key, parent: visit, depth: visit.depth + 1 });
    }
  }
  return undefined;
}
