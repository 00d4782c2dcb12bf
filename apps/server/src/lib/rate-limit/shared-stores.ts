import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyContextConfig } from 'fastify';
import type { SharedCounters } from './counters.js';
import type { MergedCounts } from './merged-counts.js';

type Done = (err: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * What @fastify/rate-limit hands `child` (its types say the route's options): the route's limit options merged with
 * the plugin's, the route under `routeInfo` (empty for a limit made by `createRateLimit`).
 */
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0];
const routeOf = (options: ChildOptions) =>
  (
    options as unknown as {
      routeInfo?: { method?: string | string[]; url?: string; config?: FastifyContextConfig };
    }
  ).routeInfo;

interface Counting {
  counters: SharedCounters;
  merged: MergedCounts;
}

/** The general limit's keys of API keys (decision 065), counted exactly. */
export const API_KEY_LIMIT_PREFIX = 'api-key:';

function exactIncr(counting: Counting, key: string, done: Done, timeWindow: number): void {
  counting.counters.add([{ key, by: 1, windowMs: timeWindow }]).then(
    ([count]) => done(null, { current: count?.count ?? 1, ttl: count?.ttlMs ?? timeWindow }),
    (err: Error) => done(err),
  );
}

/**
 * A route's limit, exact across processes (decision 058): each request adds one to the shared counter and is decided
 * on the total it answers. The sign-in, password, reset, sign-up and contact limits, and every route's own limit
 * unless the route asks for merged counting.
 */
class ExactStore implements FastifyRateLimitStore {
  constructor(
    private readonly counting: Counting,
    private readonly prefix: string,
  ) {}

  incr(key: string, done: Done, timeWindow: number): void {
    exactIncr(this.counting, `${this.prefix}${key}`, done, timeWindow);
  }

  child(options: ChildOptions): FastifyRateLimitStore {
    return storeFor(this.counting, options);
  }
}

/** A limit counted in memory and merged once an interval: the API's general limit, and routes that ask for it. */
class MergedStore implements FastifyRateLimitStore {
  constructor(
    private readonly counting: Counting,
    private readonly prefix: string,
  ) {}

  incr(key: string, done: Done, timeWindow: number): void {
    // An API key's limit (a second long) is exact: a merge a second would let a key through twice over.
    if (key.startsWith(API_KEY_LIMIT_PREFIX))
      return exactIncr(this.counting, `${this.prefix}${key}`, done, timeWindow);
    done(null, this.counting.merged.hit(`${this.prefix}${key}`, timeWindow));
  }

  child(options: ChildOptions): FastifyRateLimitStore {
    return storeFor(this.counting, options);
  }
}

/**
 * Each limit's keys start with its route (as @fastify/rate-limit's own stores keep each route's apart): two routes
 * limited per address count apart. A limit made by `createRateLimit` has no route; its keys carry their own
 * (`registerCall` names them).
 */
function storeFor(counting: Counting, options: ChildOptions): FastifyRateLimitStore {
  const routeInfo = routeOf(options);
  if (!routeInfo?.url) return new ExactStore(counting, 'call|');
  const method = Array.isArray(routeInfo.method) ? routeInfo.method.join(',') : (routeInfo.method ?? '');
  const prefix = `${method} ${routeInfo.url}|`;
  return routeInfo.config?.rateLimitCounting === 'merged'
    ? new MergedStore(counting, prefix)
    : new ExactStore(counting, prefix);
}

/**
 * The store class for @fastify/rate-limit's `store` option: the plugin's own limit (the API's general one) is merged,
 * each route's limit is exact unless the route says `rateLimitCounting: 'merged'`.
 */
export function sharedStore(counters: SharedCounters, merged: MergedCounts): FastifyRateLimitStoreCtor {
  const counting = { counters, merged };
  return class extends MergedStore {
    constructor() {
      super(counting, 'api|');
    }
  };
}
