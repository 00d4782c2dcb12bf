import type { ErrorBody } from '@courier/contract';

export const SERVER_ERROR_FALLBACK_MESSAGE = 'A server communication error occurred.';
export const UNEXPECTED_ERROR_MESSAGE = 'An unexpected error occurred. Please try again.';

/** The server answered with an error status. `body` is the parsed JSON answer, or null when there was none. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly status: number,
    readonly body: unknown,
    message: string,
    readonly url: string = '',
  ) {
    super(message);
  }
}

/** The request never got an answer (offline, DNS, connection refused, CORS). */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
}

export type ErrorKind = 'server' | 'network' | 'unknown';

/** Spec section 8: a server error gives status code, message and data; anything else a message. */
export interface NormalizedError {
  kind: ErrorKind;
  statusCode: number | null;
  message: string;
  data: unknown;
}

/** What every failed call rejects with: the normalised error, still an Error for stack traces and `instanceof`. */
export class ApiError extends Error implements NormalizedError {
  // Typed as string so a call with a name of its own in the spec (a failed note fetch) can subclass it.
  override readonly name: string = 'ApiError';
  readonly kind: ErrorKind;
  readonly statusCode: number | null;
  readonly data: unknown;
  constructor(normalized: NormalizedError, options?: { cause?: unknown }) {
    super(normalized.message, options);
    this.kind = normalized.kind;
    this.statusCode = normalized.statusCode;
    this.data = normalized.data;
  }
}

function nonEmptyString(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function ownMessage(error: unknown): string | null {
  if (error instanceof Error) return nonEmptyString(error.message);
  if (typeof error === 'object' && error !== null && 'message' in error) return nonEmptyString(error.message);
  return null;
}

function serverMessage(body: unknown): string | null {
  if (typeof body === 'object' && body !== null && 'message' in body) return nonEmptyString(body.message);
  return null;
}

export function normalizeError(error: unknown): NormalizedError {
  if (error instanceof ApiError) {
    return { kind: error.kind, statusCode: error.statusCode, message: error.message, data: error.data };
  }
  if (error instanceof HttpError) {
    return {
      kind: 'server',
      statusCode: error.status,
      message: serverMessage(error.body) ?? ownMessage(error) ?? SERVER_ERROR_FALLBACK_MESSAGE,
      data: error.body,
    };
  }
  return {
    kind: error instanceof NetworkError ? 'network' : 'unknown',
    statusCode: null,
    message: ownMessage(error) ?? UNEXPECTED_ERROR_MESSAGE,
    data: null,
  };
}

/** Title of the red notification of a failed call: "Error 422", "Error Network", "Error Unknown". */
export function errorTitle(error: NormalizedError): string {
  if (error.statusCode !== null) return `Error ${error.statusCode}`;
  return error.kind === 'network' ? 'Error Network' : 'Error Unknown';
}

export function isApiError(error: unknown, statusCode?: number): error is ApiError {
  return error instanceof ApiError && (statusCode === undefined || error.statusCode === statusCode);
}

/** Field errors of a 422 answer (`errors: { field: [messages] }`), or an empty object. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const data = error instanceof ApiError ? error.data : null;
  if (typeof data !== 'object' || data === null || !('errors' in data)) return {};
  const errors = (data as ErrorBody).errors ?? {};
  const result: Record<string, string> = {};
  for (const [field, messages] of Object.entries(errors)) {
    const first = Array.isArray(messages) ? messages.find((m) => typeof m === 'string') : undefined;
    if (first) result[field] = first;
  }
  return result;
}
