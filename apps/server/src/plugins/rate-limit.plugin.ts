import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MergedCounts } from '../lib/rate-limit/merged-counts.js';
import { redisCounters } from '../lib/rate-limit/redis-counters.js';
import { API_KEY_LIMIT_PREFIX, sharedStore } from '../lib/rate-limit/shared-stores.js';
import { databaseCounters } from './rate-limit.queries.js';

export interface RateLimitPluginOptions {
  /** How often the general limit's counts are merged across processes; 1 s unless given (tests shorten it). */
  mergeIntervalMs?: number;
}

/**
 * Every rate limit, counted across the server processes (decision 058): in Redis with REDIS_URL, else in the
 * database's `rate_limits` table. The API's general limit (per session, or per address before sign-in) runs on every
 * request: it is counted in memory and merged once a second. Each route's own limit (sign-in, password, reset,
 * sign-up, contact, stream opens…) is exact: one shared counter per request.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, opts: RateLimitPluginOptions) => {
  const { config } = app;
  const counters = config.REDIS_URL
    ? await redisCounters(config.REDIS_URL, (err) => app.log.warn({ err }, 'rate limits: Redis unreachable'))
    : databaseCounters(app.database.db);
  // Other limits counted across processes use them too: the geocoder's pace (decision 060).
  app.decorate('sharedCounters', counters);
  const merged = new MergedCounts(counters, {
    intervalMs: opts.mergeIntervalMs ?? 1_000,
    onError: (err) =>
      app.log.warn(
        { err },
        'rate limits: merge failed; this process counts on its own until the next one works',
      ),
  });
  app.addHook('onReady', (done) => {
    merged.start();
    done();
  });
  app.addHook('onClose', async () => {
    await merged.stop().catch((err: unknown) => app.log.warn({ err }, 'rate limits: last merge failed'));
    await counters.close();
  });

  await app.register(rateLimit, {
    global: true,
    // An API key has its own limit, a second long (decision 065: Onfleet's 20 a second by default), counted exactly
    // across processes; people are limited per minute.
    max: (request) => request.apiKey?.ratePerSecond ?? config.RATE_LIMIT_MAX,
    timeWindow: (request) => (request.apiKey ? 1_000 : 60_000),
    store: sharedStore(counters, merged),
    // Keys per key, signed-in clients per session, others per address.
    keyGenerator: (request) =>
      request.apiKey
        ? `${API_KEY_LIMIT_PREFIX}${request.apiKey.id}`
        : request.auth
          ? `session:${request.auth.sessionId}`
          : `ip:${request.ip}`,
    // The IETF draft's `RateLimit-Limit`, `-Remaining`, `-Reset` on every answer, and `Retry-After` on a 429.
    enableDraftSpec: true,
    hook: 'preHandler',
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  });
});
