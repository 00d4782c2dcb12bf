import type { CallAccess, CallDefinition, PaginationMeta } from '@courier/contract';
import { apiKeyScopeOf, callAccess, envelopeOf, STREAM_ROUTE_ACCESS } from '@courier/contract';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyContextConfig } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError, unauthenticated } from './app-error.js';
import { SerializedAnswer } from './serialized-answer.js';

export { SerializedAnswer } from './serialized-answer.js';

type Out<S> = [Exclude<S, undefined>] extends [never]
  ? undefined
  : Exclude<S, undefined> extends z.ZodType
    ? z.output<Exclude<S, undefined>>
    : undefined;

export interface CallContext<C extends CallDefinition> {
  params: Out<C['params']>;
  query: Out<C['query']>;
  body: Out<C['body']>;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface CallResult<D> {
  data: D;
  message?: string;
  meta?: PaginationMeta;
}

/**
 * Every route but a public one needs a signed-in user (the auth hook has read the session or token), or an API key
 * the auth hook let through to this route (decision 065).
 */
export function requireUser(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: (err?: Error) => void,
): void {
  if (!request.routeOptions.config.public && !request.auth && !request.apiKey) return done(unauthenticated());
  done();
}

/**
 * The call's place in the access matrix (packages/contract/src/access/call-access.ts). A call without one, or
 * registered where its rule cannot hold (a company rule off a company path, a driver rule off `/driver/`), stops
 * the server at start-up: no route answers without the policy having been asked.
 */
export function accessOf(call: { method: string; path: string }, rule: CallAccess | undefined): CallAccess {
  const name = `${call.method} ${call.path}`;
  if (!rule) throw new Error(`${name} has no entry in the access matrix (CALL_ACCESS).`);
  const companyRoute = call.path.startsWith('/c/:companySlug/');
  const companyRule = /^(company|delivery|auction|conversation|noteable)/.test(rule);
  const driverRule = rule.startsWith('driver');
  if (companyRule !== companyRoute)
    throw new Error(`${name}: rule ${rule} does not fit a ${companyRoute ? 'company' : 'non-company'} path.`);
  if (driverRule !== call.path.startsWith('/driver/'))
    throw new Error(`${name}: rule ${rule} does not fit its path.`);
  if (rule.startsWith('platform:') !== call.path.startsWith('/platform/'))
    throw new Error(`${name}: rule ${rule} does not fit its path.`);
  return rule;
}

interface RouteRateLimit {
  max: number;
  keyGenerator?: (request: FastifyRequest) => string;
}

/** The part of a call (path, query or body) that names its subject as `field`; undefined when none does. */
export function subjectPartOf(
  call: CallDefinition,
  field: 'deliveryUuid' | 'conversationUuid',
): 'params' | 'query' | 'body' | undefined {
  return (['params', 'query', 'body'] as const).find((part) => {
    const schema = call[part] as { shape?: Record<string, unknown> } | undefined;
    return schema?.shape !== undefined && field in schema.shape;
  });
}

/** Rules about one subject the call names, and the field that names it: their registration asks the policy. */
const SUBJECT_RULES: readonly [RegExp, 'deliveryUuid' | 'conversationUuid', string][] = [
  [/^(driver-)?delivery:/, 'deliveryUuid', 'registerDeliveryCall'],
  [/^conversation:/, 'conversationUuid', 'registerConversationCall'],
];

export interface RouteOptions extends FastifyContextConfig {
  /** The largest body this route takes, in bytes (the server's default: 1 MB). */
  bodyLimit?: number;
  /** Per-route rate limit (requests per minute) on top of the global one. */
  rateLimit?: RouteRateLimit;
  /** More per-minute ceilings, each counted under its own keys (sign-in: per account, per address). */
  moreRateLimits?: RouteRateLimit[];
  /**
   * Set by the registrations that load the subject a call names and ask the policy before the handler runs
   * (`registerDeliveryCall`, `registerConversationCall`).
   */
  subjectAsked?: true;
}

/**
 * Registers one call of the contract as a Fastify route: its params, query, body and answer schemas come from the
 * contract (so validation, types and the OpenAPI document share them), the answer is wrapped as `{ data }`, and a
 * signed-in user is required unless the route is public.
 */
export function registerCall<C extends CallDefinition>(
  app: FastifyInstance,
  call: C,
  handler: (ctx: CallContext<C>) => Promise<CallResult<z.output<C['data']>> | SerializedAnswer>,
  options: RouteOptions = {},
): void {
  const { rateLimit, moreRateLimits = [], subjectAsked, bodyLimit, ...config } = options;
  // Counted apart from the route's own limit (@fastify/rate-limit runs one limiter per request): each answers 429
  // with Retry-After once its own count for the minute is passed. Its keys are named after the call and the ceiling,
  // as the shared counters hold every limit's keys together (decision 058).
  const ceilings = moreRateLimits.map((limit, i) => {
    const keyOf = limit.keyGenerator ?? ((request: FastifyRequest) => normalizeIP(request.ip));
    const count = app.createRateLimit({
      max: limit.max,
      timeWindow: '1 minute',
      keyGenerator: (request) => `${call.method} ${call.path}#${i}|${keyOf(request)}`,
    });
    return async (request: FastifyRequest) => {
      const state = await count(request);
      if (!state.isAllowed && state.isExceeded)
        throw new AppError(
          429,
          'too_many_requests',
          `Too many requests. Try again in ${state.ttlInSeconds} seconds.`,
          undefined,
          { 'retry-after': String(state.ttlInSeconds) },
        );
    };
  });

  const access = accessOf(call, callAccess(call));
  // A call about the subject it names is asked by its registration, never by its handler (the matrix written once).
  for (const [pattern, field, registration] of SUBJECT_RULES)
    if (pattern.test(access) && subjectPartOf(call, field) && !subjectAsked)
      throw new Error(
        `${call.method} ${call.path}: a call about the ${field} it names is registered with ${registration}.`,
      );
  app.withTypeProvider<ZodTypeProvider>().route({
    method: call.method,
    url: call.path,
    ...(bodyLimit ? { bodyLimit } : {}),
    config: {
      ...config,
      access,
      public: access === 'public',
      apiKeyScope: apiKeyScopeOf(call),
      ...(rateLimit
        ? { rateLimit: { ...rateLimit, timeWindow: '1 minute', hook: 'preValidation' as const } }
        : {}),
    },
    schema: {
      summary: call.summary,
      tags: [call.path.startsWith('/c/') ? 'company' : (call.path.split('/')[1] ?? 'api')],
      ...(call.params ? { params: call.params } : {}),
      ...(call.query ? { querystring: call.query } : {}),
      ...(call.body ? { body: call.body } : {}),
      response: { [call.status ?? 200]: envelopeOf(call.data) },
    },
    preValidation: ceilings.length ? [requireUser, ...ceilings] : requireUser,
    handler: async (request, reply) => {
      const result = await handler({
        params: request.params as Out<C['params']>,
        query: request.query as Out<C['query']>,
        body: request.body as Out<C['body']>,
        request,
        reply,
      });
      if (result instanceof SerializedAnswer) {
        void reply
          .code(call.status ?? 200)
          .type('application/json; charset=utf-8')
          .header('vary', 'accept-encoding');
        const encoding = result.encodingFor(request.headers['accept-encoding']);
        const compressed = encoding && (await result.compressed(encoding).catch(() => undefined));
        if (compressed) void reply.header('content-encoding', encoding);
        return reply.send((compressed || result.bytes) as never); // a buffer is sent as it is, past the serializer
      }
      return reply.code(call.status ?? 200).send(result);
    },
  });
}

/**
 * Registers a route that answers with a stream (Server-Sent Events, decision 023) rather than a JSON call: its rule
 * comes from STREAM_ROUTE_ACCESS the way a call's comes from the matrix, and the same start-up check refuses a stream
 * without one. Its own rate limit counts openings (a reconnect storm), never the life of an open stream: per session
 * or address by default, or by `keyGenerator` (a public stream counts per address).
 */
export function registerStream<Q extends z.ZodType, P extends z.ZodType = z.ZodObject>(
  app: FastifyInstance,
  stream: { path: string; summary: string; query: Q; params?: P },
  handler: (
    request: FastifyRequest<{ Querystring: z.output<Q>; Params: z.output<P> }>,
    reply: FastifyReply,
  ) => Promise<void>,
  options: { opensPerMinute: number; keyGenerator?: (request: FastifyRequest) => string },
): void {
  const access = accessOf({ method: 'GET', path: stream.path }, STREAM_ROUTE_ACCESS[`GET ${stream.path}`]);
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: stream.path,
    config: {
      access,
      public: access === 'public',
      rateLimit: {
        max: options.opensPerMinute,
        timeWindow: '1 minute',
        hook: 'preValidation' as const,
        ...(options.keyGenerator ? { keyGenerator: options.keyGenerator } : {}),
      },
    },
    schema: {
      summary: stream.summary,
      tags: [stream.path.startsWith('/c/') ? 'company' : (stream.path.split('/')[1] ?? 'api')],
      ...(stream.params ? { params: stream.params } : {}),
      querystring: stream.query,
      produces: ['text/event-stream'],
    },
    preValidation: requireUser,
    handler: (request, reply) =>
      handler(request as FastifyRequest<{ Querystring: z.output<Q>; Params: z.output<P> }>, reply),
  });
}
