#!/usr/bin/env node
// Webhook fan-out benchmark on PostgreSQL (DATABASE_URL, or a database of its own on the local server, dropped at
// the end): starts the built server, registers one endpoint on a receiver in this process (healthy: it answers 204 at
// once), then creates BENCH_WEBHOOK_EVENTS deliveries (10,000) through the batch API in calls of BENCH_WEBHOOK_CALL
// (100), back to back: each makes a `delivery.created` event, which the events' consumer turns into a signed message
// and the sender posts. It measures, in one run:
//   - fan-out: events/s from the first event to the last message received, and each message's event-to-receipt time
//     (the receipt time minus the event's own `timestamp` in the body);
//   - baseline: the same number of bodies of the same size posted straight to the same receiver by this process, 50
//     at a time (the sender's own concurrency), the receiver's own pace;
// and prints both rates, their ratio and the latency percentiles. Fails when the p95 event-to-receipt is over
// BENCH_BUDGET_WEBHOOK_P95_MS (1,000) or a message is missing or duplicated.
import { createServer, Agent } from 'node:http';
import {
  bearerToken,
  ownPostgresDatabase,
  postJson,
  reportBudget,
  startServer,
  waitForServer,
} from './lib.mjs';

const database = await ownPostgresDatabase('webhooks');
const PORT = Number(process.env.BENCH_PORT ?? 3905);
const BASE = `http://127.0.0.1:${PORT}`;
const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 10_000);
const PER_CALL = Number(process.env.BENCH_WEBHOOK_CALL ?? 100);
const P95_BUDGET_MS = Number(process.env.BENCH_BUDGET_WEBHOOK_P95_MS ?? 1_000);
const SLUG = 'demo-shipper';
const SENDER_CONCURRENCY = 50;

/** The receiver: records each message's id, its event time and when it arrived; answers 204 at once. */
const received = new Map();
let duplicates = 0;
let bodyBytes = 0;
const receiver = createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const at = Date.now();
    const body = Buffer.concat(chunks).toString('utf8');
    res.writeHead(204).end();
    if (req.url === '/baseline') return;
    const message = JSON.parse(body);
    if (message.type !== 'delivery.created') return;
    bodyBytes = Math.max(bodyBytes, body.length);
    if (received.has(message.id)) duplicates += 1;
    else received.set(message.id, { at, event: Date.parse(message.timestamp) });
  });
});
await new Promise((r) => receiver.listen(0, '127.0.0.1', r));
const receiverUrl = `http://127.0.0.1:${receiver.address().port}`;

const agent = new Agent({ keepAlive: true, maxSockets: 64 });
const post = (url, body, headers) => postJson(agent, url, body, headers);

const address = (line1, postcode, lat, lng) => ({
  line1,
  city: 'London',
  postcode,
  countryCode: 'GB',
  lat,
  lng,
});
const delivery = (n) => ({
  name: `Webhook bench ${n}`,
  externalId: `WB-${n}`,
  steps: [
    { kind: 'pickup', address: address('1 Upper St', 'N1 0PQ', 51.5362, -0.1033) },
    { kind: 'dropoff', address: address('10 Mare St', 'E8 1HE', 51.5456, -0.0553) },
  ],
  parcels: [{ name: 'Box', weightKg: 1 }],
});

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

const server = startServer({
  port: PORT,
  env: { SEED_DEMO: 'true', WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true', DATABASE_POOL_SIZE: '10' },
});
try {
  await waitForServer(BASE);
  const token = await bearerToken(BASE, 'admin@shipper.test', 'demo-password');
  const auth = { authorization: `Bearer ${token}` };
  const api = `${BASE}/api/v1/c/${SLUG}/admin`;
  const endpoint = await post(
    `${api}/webhook`,
    JSON.stringify({ url: `${receiverUrl}/hooks`, events: ['delivery.created'], description: 'Bench' }),
    auth,
  );
  if (endpoint.status !== 201) throw new Error(`webhook: ${endpoint.status} ${endpoint.text}`);

  console.log(
    `\nWebhook fan-out: ${EVENTS} events (deliveries created ${PER_CALL} per batch call), PostgreSQL\n`,
  );
  const started = Date.now();
  for (let n = 0; n < EVENTS; n += PER_CALL) {
    const items = Array.from({ length: Math.min(PER_CALL, EVENTS - n) }, (_, i) => delivery(n + i));
    const res = await post(`${api}/delivery/batch`, JSON.stringify({ deliveries: items }), auth);
    const created = res.status === 200 ? JSON.parse(res.text).data.created : 0;
    if (created !== items.length) throw new Error(`batch: ${res.status} ${res.text.slice(0, 300)}`);
  }
  const madeMs = Date.now() - started;
  const deadline = Date.now() + 300_000;
  while (received.size < EVENTS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  const messages = [...received.values()];
  const firstEvent = Math.min(...messages.map((m) => m.event));
  const lastReceipt = Math.max(...messages.map((m) => m.at));
  const fanOutRate = messages.length / ((lastReceipt - firstEvent) / 1000);
  const latencies = messages.map((m) => m.at - m.event).sort((a, b) => a - b);

  // Baseline: the same number of bodies of the same size straight to the receiver, SENDER_CONCURRENCY at a time.
  const body = JSON.stringify({ pad: 'x'.repeat(Math.max(0, bodyBytes - 12)) });
  const baseStart = Date.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: SENDER_CONCURRENCY }, async () => {
      while (next < EVENTS) {
        next += 1;
        await post(`${receiverUrl}/baseline`, body);
      }
    }),
  );
  const baseRate = EVENTS / ((Date.now() - baseStart) / 1000);

  const p = (q) => `${percentile(latencies, q)} ms`;
  console.log(
    `created ${EVENTS} deliveries in ${(madeMs / 1000).toFixed(1)} s (${Math.round(EVENTS / (madeMs / 1000))}/s)`,
  );
  console.log(`messages received: ${messages.length}, duplicates: ${duplicates}, body ~${bodyBytes} bytes`);
  console.log(`fan-out:  ${Math.round(fanOutRate)} events/s (first event to last receipt)`);
  console.log(`baseline: ${Math.round(baseRate)} posts/s (the same bodies posted straight to the receiver)`);
  console.log(`ratio:    ${(fanOutRate / baseRate).toFixed(3)}`);
  console.log(`event-to-receipt: p50 ${p(50)}, p95 ${p(95)}, p99 ${p(99)}, max ${latencies.at(-1)} ms`);
  const failures = [];
  if (messages.length !== EVENTS) failures.push(`${EVENTS - messages.length} messages never arrived`);
  if (duplicates) failures.push(`${duplicates} messages arrived twice to a healthy receiver`);
  if (percentile(latencies, 95) > P95_BUDGET_MS)
    failures.push(`p95 event-to-receipt ${percentile(latencies, 95)} ms is over ${P95_BUDGET_MS} ms`);
  reportBudget(failures, `every message once, p95 event-to-receipt <= ${P95_BUDGET_MS} ms.`);
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  server.kill('SIGTERM');
  receiver.close();
  agent.destroy();
  await new Promise((r) => server.once('exit', r));
  await database.drop();
}
