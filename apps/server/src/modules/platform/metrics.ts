import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../../db/client.js';
import type { JobRunner } from '../../db/jobs/job-runner.js';

/** Where the metrics come from: the jobs, the database pool (PostgreSQL only). */
export interface MetricSources {
  jobs: Pick<JobRunner, 'counts'>;
  database: Pick<Database, 'poolStats'>;
}

/**
 * The process's Prometheus metrics (decision 055), through prom-client: request durations by route, jobs by queue and
 * state with the oldest wait, the live stream's event lag, the database pool, and Node's own (event loop, memory, GC).
 * Gauges are read when scraped, so a scrape costs one statement and nothing is counted between scrapes.
 */
export function createMetrics(sources: MetricSources) {
  const registry = new Registry();
  // Both job gauges read the same counts: one statement per scrape (shared with the health check's), not per gauge.
  const jobCounts = () => sources.jobs.counts({ maxAgeMs: 1_000 });
  collectDefaultMetrics({ register: registry });
  const requestSeconds = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const eventLag = new Histogram({
    name: 'courier_live_event_lag_seconds',
    help: "Time from a live event's write to its offer to this process's streams (the event bus's lag).",
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const scrapeFailures = new Counter({
    name: 'courier_metrics_source_failures_total',
    help: 'Scrapes in which a source (the jobs table) could not be read.',
    registers: [registry],
  });
  new Gauge({
    name: 'courier_jobs',
    help: 'Jobs by queue and state: waiting, running, retrying (a try failed, another is due), dead (every try failed).',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      try {
        for (const q of await jobCounts())
          for (const state of ['waiting', 'running', 'retrying', 'dead'] as const)
            this.set({ queue: q.queue, state }, q[state]);
      } catch {
        scrapeFailures.inc();
      }
    },
  });
  new Gauge({
    name: 'courier_jobs_oldest_waiting_seconds',
    help: 'How long the oldest job ready to run has waited, by queue (0 when none waits).',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      try {
        for (const q of await jobCounts()) this.set({ queue: q.queue }, q.oldestWaitingSeconds ?? 0);
      } catch {
        scrapeFailures.inc();
      }
    },
  });
  if (sources.database.poolStats) {
    const poolStats = sources.database.poolStats;
    new Gauge({
      name: 'courier_db_pool_connections',
      help: "The PostgreSQL pool's connections: max, total open, idle, and requests waiting for one.",
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const s = poolStats();
        for (const state of ['max', 'total', 'idle', 'waiting'] as const) this.set({ state }, s[state]);
      },
    });
  }
  return {
    registry,
    observeRequest(method: string, route: string, statusCode: number, seconds: number) {
      requestSeconds.observe({ method, route, status_code: String(statusCode) }, seconds);
    },
    observeLag(seconds: number) {
      eventLag.observe(seconds);
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/**
 * `GET /metrics` in Prometheus's text format, outside the API (scrapers are not users: no session, no CSRF, no rate
 * limit), and every answer timed by route pattern. With METRICS_TOKEN, a scraper without it gets 401.
 */
export function metricsRoutes(app: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route !== '/metrics')
      metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  app.get('/metrics', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    if (token && !tokenMatches(request.headers.authorization, token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send({ message: 'A metrics token is needed.' });
    }
    return reply
      .header('content-type', metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.registry.metrics());
  });
}
