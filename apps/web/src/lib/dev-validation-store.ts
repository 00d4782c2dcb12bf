import { DEV_VALIDATION_VALUE_MAX_CHARS } from '@courier/contract/plain';
import { createStore } from './create-store';

/**
 * Development only: answers that do not match the call's contract schema are recorded here (per request url,
 * with a count) instead of failing, so a drifting server shows up without breaking the screen.
 */
export interface ValidationMismatch {
  url: string;
  count: number;
  timestamp: number;
  /** Dotted paths of the failing fields, e.g. "createdAt, phoneNumbers.0.uuid". */
  path: string;
  message: string;
  /** The received value as JSON, cut at DEV_VALIDATION_VALUE_MAX_CHARS characters. */
  received: string;
}

export interface IssueLike {
  path: readonly PropertyKey[];
  message: string;
}

export const devValidationStore = createStore<Readonly<Record<string, ValidationMismatch>>>({});

export function describeReceived(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > DEV_VALIDATION_VALUE_MAX_CHARS ? text.slice(0, DEV_VALIDATION_VALUE_MAX_CHARS) : text;
}

export function recordMismatch(
  url: string,
  issues: readonly IssueLike[],
  received: unknown,
  now = Date.now(),
): ValidationMismatch {
  const previous = devValidationStore.get()[url];
  const entry: ValidationMismatch = {
    url,
    count: (previous?.count ?? 0) + 1,
    timestamp: now,
    path: issues.map((issue) => issue.path.map(String).join('.') || '(root)').join(', '),
    message: issues.map((issue) => issue.message).join('; '),
    received: describeReceived(received),
  };
  devValidationStore.set((state) => ({ ...state, [url]: entry }));
  return entry;
}

export function clearMismatches(): void {
  devValidationStore.set({});
}
