import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../../test/agent.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const TOKEN = 'scrape-me-please-0123456789';

describe('Prometheus metrics (decision 055)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS: 'true', METRICS_TOKEN: TOKEN });
  });
  afterAll(() => t?.close());

  it('answers a scraper with its token: requests by route, jobs by queue and state, the process', async () => {
    expect((await new Agent(t.app).get('/api/v1/health')).statusCode).toBe(200);
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/health",status_code="200"\} 1/,
    );
    expect(res.body).toContain('courier_jobs{queue="mail.send",state="dead"} 0');
    expect(res.body).toContain('courier_jobs_oldest_waiting_seconds{queue="mail.send"} 0');
    expect(res.body).toContain('process_cpu_user_seconds_total');
    expect(res.body).toContain('courier_live_event_lag_seconds_bucket');
    if (t.database.kind === 'postgres')
      expect(res.body).toContain('courier_db_pool_connections{state="max"} 5');
  });

  it('refuses a scraper without the token', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Basic ${TOKEN}`]) {
      const res = await t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode).toBe(401);
      expect(res.body).not.toContain('courier_jobs');
    }
  });
});

describe('without METRICS', () => {
  it('serves no metrics', async () => {
    const t = await createTestApp();
    try {
      expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
