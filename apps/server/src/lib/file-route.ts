import { FILE_ROUTE_ACCESS, FILE_ROUTE_API_KEY_SCOPES } from '@courier/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';
import { accessOf, requireUser } from './route.js';

const API_PREFIX = '/api/v1';
const Bytes = z.string().meta({ format: 'binary' });

/**
 * Registers a file download (a proof, an attachment, labels made on request) as a call in all but its answer: its
 * rule comes from the matrix's FILE_ROUTE_ACCESS through the same start-up check as a call's, so the session lock
 * (decision 030), the tenancy hook and the OpenAPI document see it as they see a call, and it answers the file's
 * bytes under `types`. Its `query`, when it takes one, is validated and documented as a call's.
 */
export function registerFileCall<P extends z.ZodType, Q extends z.ZodType = z.ZodObject>(
  app: FastifyInstance,
  file: {
    path: string;
    summary: string;
    params: P;
    query?: Q;
    types: readonly string[];
    /** What the answer is, in the document; a stored file's by default. */
    answer?: string;
    /** Its own per-minute limit on top of the global one (a public file: per address). */
    rateLimit?: { max: number; keyGenerator: (request: FastifyRequest) => string };
  },
  handler: (
    request: FastifyRequest<{ Params: z.output<P>; Querystring: z.output<Q> }>,
    reply: FastifyReply,
  ) => Promise<FastifyReply>,
): void {
  const access = accessOf({ method: 'GET', path: file.path }, FILE_ROUTE_ACCESS[`GET ${file.path}`]);
  // No type provider: the answer is the file's bytes, not the `Bytes` string the document describes.
  app.route({
    method: 'GET',
    url: file.path,
    config: {
      access,
      public: access === 'public',
      apiKeyScope: FILE_ROUTE_API_KEY_SCOPES[`GET ${file.path}`],
      ...(file.rateLimit
        ? { rateLimit: { ...file.rateLimit, timeWindow: '1 minute', hook: 'preValidation' as const } }
        : {}),
    },
    schema: {
      summary: file.summary,
      tags: [file.path.startsWith('/c/') ? 'company' : (file.path.split('/')[1] ?? 'api')],
      params: file.params,
      ...(file.query ? { querystring: file.query } : {}),
      response: {
        200: {
          description: file.answer ?? 'The file, under the type its bytes were checked to be.',
          content: Object.fromEntries(file.types.map((type) => [type, { schema: Bytes }])),
        },
      },
    },
    preValidation: requireUser,
    handler: (request, reply) =>
      handler(request as FastifyRequest<{ Params: z.output<P>; Querystring: z.output<Q> }>, reply),
  });
}

/**
 * The `onRoute` hook that holds a raw API route (`app.get`, outside registerCall, registerStream and
 * registerFileCall) to the same matrix: it takes its FILE_ROUTE_ACCESS rule, which the auth hook's lock check and the
 * tenancy hook then read as they read a call's, and a raw route with no rule stops the server at start-up. HEAD,
 * which Fastify adds beside every GET, asks the GET's rule.
 */
export function ruleFromTheMatrix(route: RouteOptions): void {
  if (route.config?.access || !route.url.startsWith(`${API_PREFIX}/`)) return;
  const method = String(route.method) === 'HEAD' ? 'GET' : String(route.method);
  const path = route.url.slice(API_PREFIX.length);
  const access = accessOf({ method, path }, FILE_ROUTE_ACCESS[`${method} ${path}`]);
  const apiKeyScope = FILE_ROUTE_API_KEY_SCOPES[`${method} ${path}`];
  route.config = { ...route.config, access, public: access === 'public', apiKeyScope };
}
