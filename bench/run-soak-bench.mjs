#!/usr/bin/env node
// Soak (issue 16; not in CI): the built server on a fresh seeded database (PGlite in a temp dir, or the PostgreSQL of
// DATABASE_URL) under a fixed rate of mixed reads and writes for SOAK_SECONDS (600 by default), sent open-loop: each
// request leaves at its scheduled time whether or not the earlier ones have answered, so a server that falls behind
// shows as latency and missed requests instead of slowing the load down. It prints the rate kept, p50/p99/max per
// kind, errors, and the server's resident memory over time, and fails on any error, on a rate kept under
// SOAK_MIN_KEPT (0.99), or on memory that grows (last minute over the second minute by more than SOAK_MAX_GROWTH_MB).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bearerToken, deliveryBody, reportBudget, residentMb, startServer, waitForServer } from './lib.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3906);
const BASE = `http://127.0.0.1:${PORT}`;
const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const READS_PER_S = Number(process.env.SOAK_READS_PER_S ?? 80);
const WRITES_PER_S = Number(process.env.SOAK_WRITES_PER_S ?? 20);
const MIN_KEPT = Number(process.env.SOAK_MIN_KEPT ?? 0.99);
const MAX_GROWTH_MB = Number(process.env.SOAK_MAX_GROWTH_MB ?? 50);
/** A request not answered within this is counted as an error (a server that stops answering fails the soak). */
const TIMEOUT_MS = 10_000;
const SLUG = 'demo-shipper';

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/** Sends `perSecond` requests a second for `seconds`, each at its own time, and records each one's outcome. */
function openLoop(kind, perSecond, seconds, send) {
  const results = { kind, scheduled: Math.floor(perSecond * seconds), ok: 0, errors: [], latencies: [] };
  const started = performance.now();
  const pending = [];
  return new Promise((resolveAll) => {
    let i = 0;
    const tick = () => {
      const now = performance.now();
      while (i < results.scheduled && started + (i * 1000) / perSecond <= now) {
        const due = started + (i * 1000) / perSecond;
        const n = i++;
        pending.push(
          send(n)
            .then(async (res) => {
              await res.arrayBuffer();
              // Latency from when the request was due, so time spent waiting behind a slow server counts.
              results.latencies.push(performance.now() - due);
              if (res.ok) results.ok++;
              else results.errors.push(`${res.status} ${res.url}`);
            })
            .catch((err) => results.errors.push(String(err.cause?.code ?? err.name ?? err))),
        );
      }
      if (i < results.scheduled) setTimeout(tick, 2);
      else Promise.all(pending).then(() => resolveAll(results));
    };
    tick();
  });
}

const database = process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'PGlite (embedded)';
const dataDir = mkdtempSync(join(tmpdir(), 'courier-soak-'));
const probeFile = join(dataDir, 'memory-probe.jsonl');
const server = startServer({
  port: PORT,
  env: { DATA_DIR: dataDir, SEED_DEMO: 'true', MEMORY_PROBE_FILE: probeFile },
  nodeArgs: ['--import', fileURLToPath(new URL('./memory-probe.mjs', import.meta.url))],
});
const memory = [];
try {
  await waitForServer(BASE);
  const token = await bearerToken(BASE, 'admin@shipper.test', 'demo-password');
  const auth = { authorization: `Bearer ${token}` };
  const list = await (
    await fetch(`${BASE}/api/v1/c/${SLUG}/admin/delivery?per_page=10`, { headers: auth })
  ).json();
  const uuids = list.data.map((d) => d.uuid);
  const get = (path) => fetch(`${BASE}${path}`, { headers: auth, signal: AbortSignal.timeout(TIMEOUT_MS) });
  const reads = [
    () => get('/api/v1/me'),
    () => get(`/api/v1/c/${SLUG}/admin/delivery?per_page=10`),
    (n) => get(`/api/v1/c/${SLUG}/admin/delivery/${uuids[n % uuids.length]}`),
    () => get(`/api/v1/c/${SLUG}/admin/delivery?per_page=10&page=2`),
  ];
  console.log(
    `\nSoak: ${READS_PER_S} reads/s and ${WRITES_PER_S} writes/s for ${SECONDS} s, open-loop, database ${database}\n`,
  );
  const sampler = setInterval(
    () => memory.push({ t: memory.length * 10, mb: residentMb(server.pid) }),
    10_000,
  );
  const [readRun, writeRun] = await Promise.all([
    openLoop('reads (me, list, detail, page 2)', READS_PER_S, SECONDS, (n) => reads[n % reads.length](n)),
    openLoop('writes (create a delivery)', WRITES_PER_S, SECONDS, (n) =>
      fetch(`${BASE}/api/v1/c/${SLUG}/admin/delivery/create-delivery`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: deliveryBody(`Soak order ${n}`),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      }),
    ),
  ]);
  clearInterval(sampler);

  const failures = [];
  const rows = [readRun, writeRun].map((r) => {
    const sorted = [...r.latencies].sort((a, b) => a - b);
    const kept = r.ok / r.scheduled;
    if (r.errors.length) failures.push(`${r.kind}: ${r.errors.length} errors (first: ${r.errors[0]})`);
    if (kept < MIN_KEPT)
      failures.push(`${r.kind}: kept ${(kept * 100).toFixed(1)}% of the rate, under ${MIN_KEPT * 100}%`);
    return {
      kind: r.kind,
      sent: r.scheduled,
      answered: r.ok,
      errors: r.errors.length,
      'kept %': (kept * 100).toFixed(1),
      'p50 ms': Math.round(quantile(sorted, 0.5)),
      'p99 ms': Math.round(quantile(sorted, 0.99)),
      'max ms': Math.round(sorted.at(-1) ?? 0),
    };
  });
  console.table(rows);
  const minute = (from) => memory.filter((m) => m.t >= from && m.t < from + 60).map((m) => m.mb);
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  console.log(`server memory (resident, every 10 s): ${memory.map((m) => m.mb).join(' ')} MB`);
  // The server's own view (bench/memory-probe.mjs), one line a minute: what the resident memory is made of.
  if (existsSync(probeFile)) {
    const probes = readFileSync(probeFile, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    const perMinute = probes.filter((_, i) => i % 6 === 5);
    console.log(
      'minute by minute, in MB: resident / JavaScript heap used / heap reserved / external (WebAssembly)',
    );
    console.log(perMinute.map((p) => `${p.rss}/${p.heapUsed}/${p.heapTotal}/${p.external}`).join('  '));
  }
  // The first minute is warm-up (JIT, caches filling); memory is compared from the second minute to the last, so a
  // run shorter than three minutes has nothing to compare.
  const compared = SECONDS >= 180;
  if (compared) {
    const early = median(minute(60));
    const late = median(minute(memory.length * 10 - 60));
    console.log(`second minute ${early} MB, last minute ${late} MB (growth ${late - early} MB)`);
    if (late - early > MAX_GROWTH_MB)
      failures.push(
        `memory grew by ${late - early} MB from the second minute to the last (budget ${MAX_GROWTH_MB} MB)`,
      );
  } else {
    console.log('memory growth: not compared (the run is shorter than three minutes)');
  }
  reportBudget(
    failures,
    `no errors, >= ${MIN_KEPT * 100}% of the rate kept${compared ? ', memory flat' : ''}.`,
  );
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
