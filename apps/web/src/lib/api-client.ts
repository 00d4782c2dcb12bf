import type { CallDefinition, PaginationMeta } from '@courier/contract';
import { buildPath, IDEMPOTENCY } from '@courier/contract/plain';
import type { z } from 'zod';
import { API_BASE_PATH, CSRF_HEADER_NAME } from './config';
import { fetchCsrfCookie, readXsrfToken } from './csrf';
import { recordMismatch } from './dev-validation-store';
import { ApiError, HttpError, NetworkError, normalizeError } from './errors';
import { yieldIfSupported } from './next-task';
import { notifyError } from './notifications';

export type AnyCall = CallDefinition<
  z.ZodType | undefined,
  z.ZodType | undefined,
  z.ZodType | undefined,
  z.ZodType
>;

type Defined<S> = Exclude<S, undefined>;
type ParamsOption<C extends AnyCall> = [C['params']] extends [undefined]
  ? { params?: undefined }
  : { params: z.input<Defined<C['params']>> };
type BodyOption<C extends AnyCall> = [C['body']] extends [undefined]
  ? { body?: undefined }
  : { body: z.input<Defined<C['body']>> };

/** How a caller takes a failure: `silent` and `sessionCheck` of CallOptions. */
export type QuietOptions = Pick<CallOptions<AnyCall>, 'silent' | 'sessionCheck'>;

export type CallOptions<C extends AnyCall> = ParamsOption<C> &
  BodyOption<C> & {
    query?: Record<string, string | number | boolean | undefined>;
    signal?: AbortSignal;
    /**
     * The caller shows the failure itself: no notification. A 401 still starts the session-expiry check (spec
     * section 4: a 401 on any call), or a screen would show "Unauthenticated" where it should go to /login.
     */
    silent?: boolean;
    /**
     * `false`: a 401 is an answer this caller expects and handles (the access guard beside its own check, the lock
     * screen, signing out): no session-expiry check for it.
     */
    sessionCheck?: false;
    /**
     * Sent as the `Idempotency-Key` header of a write: a repeat with the same key gets the first answer and has no
     * second effect on the server (the driver's offline queue replays with it).
     */
    idempotencyKey?: string;
  };

export type CallData<C extends AnyCall> = z.output<C['data']>;

type OptionsArgs<C extends AnyCall> =
  object extends CallOptions<C> ? [options?: CallOptions<C>] : [options: CallOptions<C>];

let unauthorizedHandler: ((path: string) => unknown) | null = null;

/** The app wires spec section 4 "Session expiry" in here (src/app/session-expiry-setup.ts). */
export function onUnauthorized(handler: ((path: string) => unknown) | null): void {
  unauthorizedHandler = handler;
}

let lockedHandler: (() => unknown) | null = null;

/** The app sends a locked session (423, decision 030) to the lock screen. */
export function onLocked(handler: (() => unknown) | null): void {
  lockedHandler = handler;
}

export function urlOf(call: AnyCall, params?: unknown, query?: CallOptions<AnyCall>['query']): string {
  const path = buildPath(call.path, (params ?? {}) as Record<string, string>);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined) search.set(key, String(value));
  const qs = search.toString();
  return `${API_BASE_PATH}${path}${qs ? `?${qs}` : ''}`;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function unwrap(payload: unknown): unknown {
  return typeof payload === 'object' && payload !== null && 'data' in payload ? payload.data : payload;
}

const isCount = (value: unknown, min: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min;

/**
 * The `meta` beside `data` of a paginated answer (the contract's PaginationMetaSchema, checked by hand: the API
 * client is part of the first load, which zod stays out of, decision 045); a missing or malformed one reads as a
 * single page holding everything.
 */
function metaOf(payload: unknown, data: unknown): PaginationMeta {
  const raw = typeof payload === 'object' && payload !== null && 'meta' in payload ? payload.meta : null;
  if (typeof raw === 'object' && raw !== null) {
    const { current_page, last_page, per_page, total } = raw as Record<string, unknown>;
    if (isCount(current_page, 1) && isCount(last_page, 1) && isCount(per_page, 1) && isCount(total, 0))
      return { current_page, last_page, per_page, total };
  }
  const total = Array.isArray(data) ? data.length : 0;
  return { current_page: 1, last_page: 1, per_page: Math.max(total, 1), total };
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** Development only: check the answer against the call's schema and record, never throw, on a mismatch. */
function checkInDevelopment(call: AnyCall, url: string, data: unknown): void {
  const result = call.data.safeParse(data);
  if (result.success) return;
  const entry = recordMismatch(url, result.error.issues, data);
  console.warn(
    `[contract] ${call.method} ${url} answered outside its schema: ${entry.path}: ${entry.message}`,
  );
}

async function send(call: AnyCall, url: string, options: CallOptions<AnyCall>): Promise<unknown> {
  const isWrite = call.method !== 'GET';
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
  };
  let response: Response;
  try {
    if (isWrite) {
      await fetchCsrfCookie();
      const token = readXsrfToken();
      if (token) headers[CSRF_HEADER_NAME] = token;
    }
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    if (options.idempotencyKey) headers[IDEMPOTENCY.header] = options.idempotencyKey;
    // Each request in a task of its own: sending one costs about a millisecond of a phone's main thread, and a screen
    // starts its reads together (decision 052).
    await yieldIfSupported();
    response = await fetch(url, {
      method: call.method,
      credentials: 'include',
      headers,
      body: options.body === undefined ? null : JSON.stringify(options.body),
      signal: options.signal ?? null,
    });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new NetworkError(
      error instanceof Error && error.message ? error.message : 'The server could not be reached.',
    );
  }
  const payload = await readJson(response);
  if (!response.ok) throw new HttpError(response.status, payload, response.statusText, url);
  return payload;
}

/**
 * Turns any failure of a call into the ApiError it rejects with (spec section 8): unless the caller is silent, the
 * red notification shows; a 401 starts the session-expiry check unless the caller said it expects one. Aborts pass
 * through untouched.
 */
export function failedCall(error: unknown, path: string, silent = false, sessionCheck = true): unknown {
  if (isAbort(error)) return error;
  const apiError = new ApiError(normalizeError(error), { cause: error });
  // A locked session goes to the lock screen, which says why: no red notification for it.
  if (apiError.statusCode === 423) {
    void lockedHandler?.();
    return apiError;
  }
  if (apiError.statusCode === 401 && sessionCheck) void unauthorizedHandler?.(path);
  if (!silent) notifyError(apiError);
  return apiError;
}

/**
 * Calls one endpoint of the contract: base /api/v1, credentials included, CSRF cookie before writes, `data`
 * unwrapped. A failure rejects with an ApiError (spec section 8), shows the red notification and, on a 401, starts
 * the session-expiry check.
 */
export async function callApi<C extends AnyCall>(
  call: C,
  ...[options]: OptionsArgs<C>
): Promise<CallData<C>> {
  const opts = (options ?? {}) as CallOptions<AnyCall>;
  const url = urlOf(call, opts.params, opts.query);
  try {
    const data = unwrap(await send(call, url, opts));
    if (import.meta.env.DEV) checkInDevelopment(call, url, data);
    return data as CallData<C>;
  } catch (error) {
    throw failedCall(error, call.path, opts.silent, opts.sessionCheck ?? true);
  }
}

export interface Page<T> {
  data: T;
  meta: PaginationMeta;
}

/** Like callApi for a paginated call: the answer's `data` with the `meta` beside it. */
export async function callApiPage<C extends AnyCall>(
  call: C,
  ...[options]: OptionsArgs<C>
): Promise<Page<CallData<C>>> {
  const opts = (options ?? {}) as CallOptions<AnyCall>;
  const url = urlOf(call, opts.params, opts.query);
  try {
    const payload = await send(call, url, opts);
    const data = unwrap(payload);
    if (import.meta.env.DEV) checkInDevelopment(call, url, data);
    return { data: data as CallData<C>, meta: metaOf(payload, data) };
  } catch (error) {
    throw failedCall(error, call.path, opts.silent, opts.sessionCheck ?? true);
  }
}
