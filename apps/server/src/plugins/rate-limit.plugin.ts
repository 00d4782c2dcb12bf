import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MergedCounts } from '../lib/rate-limit/merged-counts.js';
import { redisCounters } from '../lib/rate-limit/redis-counters.js';
import { sharedStore } from '../lib/rate-limit/shared-stores.js';
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
    max: config.RATE_LIMIT_MAX,
    timeWindow: '1 minute',
    store: sharedStore(counters, merged),
    // Signed-in clients are limited per session, others per address.
    keyGenerator: (request) => (request.auth ? `session:${request.auth.sessionId}` : `ip:${request.ip}`),
    hook: 'preHandler',
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  });
});
