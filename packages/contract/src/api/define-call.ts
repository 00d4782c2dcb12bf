import type { z } from 'zod';

export { buildPath } from './build-path.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One call of the API: its method, its path under /api/v1 (Fastify-style `:param` segments), and the schemas of
 * its params, query, body and the `data` of its answer. The server registers routes from these and the web client
 * builds its fetchers from them, so neither side can drift from the other.
 */
export interface CallDefinition<
  P extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  path: string;
  summary: string;
  params?: P;
  query?: Q;
  body?: B;
  /** Schema of the answer's `data`. */
  data: R;
  /** True when the answer carries Laravel-style `meta`. */
  paginated?: boolean;
  /** Status code of a success; 200 unless said. */
  status?: 200 | 201;
  /**
   * Client errors the call answers beyond those its method, schemas and access rule imply (decision 038), for the
   * OpenAPI document: a public sign-up's 409 for an address already taken.
   */
  errors?: readonly 409[];
}

export function defineCall<
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
>(call: CallDefinition<P, Q, B, R>): CallDefinition<P, Q, B, R> {
  return call;
}
