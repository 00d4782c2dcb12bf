import type { Result } from 'ioredis';
import type { Count, Hit, SharedCounters } from './counters.js';

/** Every key of ours in Redis starts with this, so a Redis shared with other applications keeps them apart. */
const PREFIX = 'courier:rate-limit:';

/**
 * One key's hit, atomically (a script runs alone on the server): add to the count, and start the window's expiry when
 * the key is new (a key whose window passed has expired and is gone). Answers the count and the milliseconds left.
 */
const ADD_SCRIPT = `
local count = redis.call('INCRBY', KEYS[1], ARGV[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
return {count, ttl}
`;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    courierRateLimitAdd(key: string, by: number, windowMs: number): Result<[number, number], Context>;
  }
}

/**
 * The counters in Redis (REDIS_URL, decision 058). A batch is one pipeline: one round trip, each key's script atomic.
 * While Redis is away a command fails after one reconnection attempt: a route's limit then answers 500 rather than
 * let sign-ins through uncounted, and the general limit goes on counting in memory until a merge works again.
 */
export async function redisCounters(url: string, onError: (err: Error) => void): Promise<SharedCounters> {
  // Loaded only when configured: a server without REDIS_URL never reads the client's modules at start-up.
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 5_000, commandTimeout: 5_000 });
  // Reported once per outage: ioredis repeats the error at each reconnection attempt.
  let reported = false;
  redis.on('error', (err: Error) => {
    if (!reported) onError(err);
    reported = true;
  });
  redis.on('ready', () => {
    reported = false;
  });
  redis.defineCommand('courierRateLimitAdd', { numberOfKeys: 1, lua: ADD_SCRIPT });
  return {
    async add(hits: Hit[]): Promise<Count[]> {
      if (hits.length === 0) return [];
      const pipeline = redis.pipeline();
      for (const h of hits) pipeline.courierRateLimitAdd(`${PREFIX}${h.key}`, h.by, h.windowMs);
      const results = (await pipeline.exec()) ?? [];
      return hits.map((h, i) => {
        const [err, answer] = results[i] ?? [new Error(`rate limit ${h.key}: no answer`), null];
        if (err) throw err;
        const [count, ttl] = answer as [number, number];
        return { count: Number(count), ttlMs: Number(ttl) };
      });
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
