#!/usr/bin/env node
// Position ingest benchmark on PostgreSQL (DATABASE_URL, a database it may fill): starts the built server, makes
// BENCH_DRIVERS drivers each with a delivery under way (signed in with Bearer tokens, as the phone app is), then in
// one run measures
//   - raw: the same rows written straight into delivery_location_points with one multi-row INSERT per batch of 100
//     (node-postgres, a pool the size of the server's, as many writers as drivers), the database's own pace;
//   - endpoint: the same points sent through POST /api/v1/driver/location in batches of 100, each driver
//     sequentially, all drivers at once (validation, auth, filing, dedupe, latest positions, answer);
// and prints points/s of both and their ratio. Fails when the endpoint is under BENCH_MIN_POINTS_S (20,000) points/s
// or the ratio under BENCH_MIN_RATIO (0.5).
import { readdirSync, readFileSync } from 'node:fs';
import { Agent } from 'node:http';
import pg from 'pg';
import {
  bearerToken,
  ownPostgresDatabase,
  postJson,
  reportBudget,
  startServer,
  waitForServer,
} from './lib.mjs';

// Without DATABASE_URL, a fresh database on the local PostgreSQL server, dropped at the end (as the live bench does).
const database = await ownPostgresDatabase('positions');
const PORT = Number(process.env.BENCH_PORT ?? 3903);
const BASE = `http://127.0.0.1:${PORT}`;
const DRIVERS = Number(process.env.BENCH_DRIVERS ?? 16);
const BATCHES = Number(process.env.BENCH_BATCHES_PER_DRIVER ?? 150);
const BATCH = 100;
const POOL = Number(process.env.DATABASE_POOL_SIZE ?? 10);
const MIN_POINTS_S = Number(process.env.BENCH_MIN_POINTS_S ?? 20_000);
const MIN_RATIO = Number(process.env.BENCH_MIN_RATIO ?? 0.5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SLUG = 'demo-courier';

async function call(token, method, path, body) {
  const res = await fetch(`${BASE}/api/v1${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text).data;
}

const agent = new Agent({ keepAlive: true, maxSockets: 256 });
const post = (path, token, body) =>
  postJson(agent, `${BASE}${path}`, body, { authorization: `Bearer ${token}` });

/** A driver of the demo courier with a delivery under way (en route to its pickup) in their own van. */
async function makeDriver(admin, n, run) {
  const email = `bench-driver-${run}-${n}@courier.test`;
  const password = 'bench-password-1';
  const created = await call(admin, 'POST', `/c/${SLUG}/admin/driver`, {
    email,
    firstname: `Bench${n}`,
    lastname: 'Driver',
    password,
  });
  const userId = created.user.uuid;
  const van = await call(admin, 'POST', `/c/${SLUG}/admin/vehicle`, {
    name: `Bench van ${n}`,
    registrationNumber: `BV${run}${n}`.slice(0, 12),
  });
  const stop = (kind, lat, lng) => ({
    kind,
    address: { line1: `${n} Bench St`, city: 'London', postcode: 'N1 0PQ', countryCode: 'GB', lat, lng },
  });
  const delivery = await call(admin, 'POST', `/c/${SLUG}/admin/delivery/create-delivery`, {
    name: `Bench run ${n}`,
    steps: [stop('pickup', 51.5362, -0.1033), stop('dropoff', 51.5456, -0.0553)],
  });
  // A new driver starts offline; on duty they can be assigned.
  const token = await bearerToken(BASE, email, password);
  await call(token, 'POST', '/driver/status', { driverStatusSlug: 'available' });
  await call(admin, 'POST', `/c/${SLUG}/admin/delivery/${delivery.uuid}/vehicle/driver`, {
    vehicleUuid: van.uuid,
    driverUserUuids: [userId],
  });
  await call(token, 'POST', `/driver/delivery/${delivery.uuid}/status`, { statusSlug: 'en-route-to-pickup' });
  return { token, userId, deliveryId: delivery.uuid, vanId: van.uuid };
}

/** The driver's batches: distinct times 1 ms apart from `start`, along a line across London. */
function batchesOf(start) {
  return Array.from({ length: BATCHES }, (_, b) =>
    Array.from({ length: BATCH }, (_, i) => {
      const k = b * BATCH + i;
      return {
        lat: 51.5 + k * 1e-6,
        lng: -0.1 + k * 1e-6,
        recordedAt: new Date(start + k).toISOString(),
        speed: 8 + (k % 5),
        heading: k % 360,
        accuracy: 5,
      };
    }),
  );
}

/** CPU seconds used so far by a process (Linux /proc), 0 when it is gone. */
function cpuSeconds(pid) {
  const tick = 100; // USER_HZ
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / tick;
  } catch {
    return 0;
  }
}

/** CPU seconds so far of each PostgreSQL process (its backends, writers, autovacuum workers), by pid. */
function postgresCpu() {
  const byPid = new Map();
  for (const p of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (readFileSync(`/proc/${p}/comm`, 'utf8').startsWith('postgres')) byPid.set(p, cpuSeconds(p));
    } catch {
      /* gone */
    }
  }
  return byPid;
}

/**
 * What PostgreSQL's processes spent since `before`: per process, so one that exits in between (an autovacuum worker)
 * takes out only its own share rather than its whole life's CPU (it undercounts that share a little).
 */
function postgresCpuSince(before) {
  let sum = 0;
  for (const [pid, seconds] of postgresCpu()) sum += seconds - (before.get(pid) ?? 0);
  return sum;
}

/**
 * Wall time of a phase, and the CPU the server, PostgreSQL and this client spent in it: on a shared machine the
 * wall time moves with the neighbours' load, the CPU per point much less.
 */
async function timed(fn) {
  const before = { server: cpuSeconds(server.pid), pg: postgresCpu(), client: process.cpuUsage() };
  const t0 = performance.now();
  await fn();
  const seconds = (performance.now() - t0) / 1000;
  const client = process.cpuUsage(before.client);
  return {
    seconds,
    cpu: {
      server: cpuSeconds(server.pid) - before.server,
      pg: postgresCpuSince(before.pg),
      client: (client.user + client.system) / 1e6,
    },
  };
}

const server = startServer({ port: PORT, env: { SEED_DEMO: 'true', DATABASE_POOL_SIZE: String(POOL) } });
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: POOL, options: '-c jit=off' });
try {
  await waitForServer(BASE);
  const admin = await bearerToken(BASE, 'admin@courier.test', 'demo-password');
  const run = Date.now().toString(36);
  const drivers = [];
  for (let n = 0; n < DRIVERS; n++) drivers.push(await makeDriver(admin, n, run));
  // Points start just after the deliveries started (so they are filed) and stay within the allowed clock skew; each
  // round's points come after the previous round's (a driver's latest position moves forward, as on the road).
  const start = Date.now() + 10;
  await new Promise((r) => setTimeout(r, 20));
  const span = BATCHES * BATCH;
  const total = DRIVERS * BATCHES * BATCH;
  const ids = drivers.map((d) => d.deliveryId);
  // Cleared and vacuumed between phases: the next phase inserts keys of its own, but dead index entries left by the
  // previous one would make it check them.
  const clear = async () => {
    await pool.query('delete from delivery_location_points where delivery_id = any($1::uuid[])', [ids]);
    await pool.query('vacuum delivery_location_points');
  };
  console.log(
    `\nPositions benchmark: ${DRIVERS} drivers × ${BATCHES} batches of ${BATCH} = ${total} points a phase, ` +
      `${ROUNDS} rounds of raw then endpoint, pool ${POOL}\n`,
  );

  // Warm-up (the server's JIT and plans, both pools' connections): a tenth of a phase through the endpoint, each
  // batch followed by a read on the raw side's pool, then cleared.
  const warm = batchesOf(start).slice(0, Math.ceil(BATCHES / 10));
  await Promise.all(
    drivers.map(async (d) => {
      for (const points of warm) {
        await post('/api/v1/driver/location', d.token, JSON.stringify({ points }));
        await pool.query('select count(*) from delivery_location_points where delivery_id = $1', [
          d.deliveryId,
        ]);
      }
    }),
  );
  await clear();

  /**
   * One round: the same points written raw, then (cleared) through the endpoint, each side's requests prepared
   * before its clock starts (a phone serialises on its own CPU).
   */
  async function round(r) {
    const work = drivers.map((d) => ({ ...d, batches: batchesOf(start + (r + 1) * span) }));
    const rawStatements = work.map((d) =>
      d.batches.map((batch) => {
        const values = [];
        const params = [];
        for (const p of batch) {
          const o = params.length;
          values.push(`($${o + 1},$${o + 2},$${o + 3},$${o + 4},$${o + 5},$${o + 6},$${o + 7},$${o + 8})`);
          params.push(d.deliveryId, d.userId, p.lat, p.lng, p.speed, p.heading, p.accuracy, p.recordedAt);
        }
        return [
          `insert into delivery_location_points (delivery_id, driver_user_id, lat, lng, speed, heading, accuracy, recorded_at) values ${values.join(',')}`,
          params,
        ];
      }),
    );
    const bodies = work.map((d) => d.batches.map((points) => JSON.stringify({ points })));
    const rawRun = await timed(() =>
      Promise.all(
        rawStatements.map(async (statements) => {
          for (const [text, params] of statements) await pool.query(text, params);
        }),
      ),
    );
    await clear();

    let stored = 0;
    const endpointRun = await timed(() =>
      Promise.all(
        work.map(async (d, i) => {
          for (const body of bodies[i]) {
            const { status, text } = await post('/api/v1/driver/location', d.token, body);
            if (status !== 200) throw new Error(`POST /driver/location: ${status} ${text}`);
            // Read `stored` after the await: `stored += await …` would add to the value read before it.
            stored += JSON.parse(text).data.stored;
          }
        }),
      ),
    );
    const { rows } = await pool.query(
      'select count(*)::int as n from delivery_location_points where delivery_id = any($1::uuid[])',
      [ids],
    );
    if (stored !== total || rows[0].n !== total)
      throw new Error(
        `round ${r + 1}: expected ${total} points stored, the answers said ${stored}, the table holds ${rows[0].n}`,
      );
    await clear();
    return { raw: rawRun, endpoint: endpointRun, ratio: rawRun.seconds / endpointRun.seconds };
  }

  const rounds = [];
  for (let r = 0; r < ROUNDS; r++) rounds.push(await round(r));

  const perK = (cpu) => ((cpu * 1000 * 1000) / total).toFixed(1);
  console.table(
    rounds.flatMap(({ raw, endpoint }, r) =>
      [
        ['raw multi-row INSERT (pg)', raw],
        ['POST /driver/location', endpoint],
      ].map(([path, run]) => ({
        round: r + 1,
        path,
        'points/s': Math.round(total / run.seconds),
        seconds: run.seconds.toFixed(2),
        'server CPU ms/1k pts': perK(run.cpu.server),
        'PostgreSQL CPU ms/1k pts': perK(run.cpu.pg),
        'client CPU ms/1k pts': perK(run.cpu.client),
      })),
    ),
  );
  // The median round: a burst of a neighbour's load during one phase moves that round's ratio, not the result.
  const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  const ratio = median(rounds.map((x) => x.ratio));
  const endpoint = median(rounds.map((x) => total / x.endpoint.seconds));
  console.log(
    `ratio endpoint / raw per round: ${rounds.map((x) => x.ratio.toFixed(3)).join(', ')}; median ${ratio.toFixed(3)}`,
  );
  const failures = [];
  if (endpoint < MIN_POINTS_S)
    failures.push(`endpoint ${Math.round(endpoint)} points/s (median round) is under ${MIN_POINTS_S}`);
  if (ratio < MIN_RATIO) failures.push(`ratio ${ratio.toFixed(3)} (median round) is under ${MIN_RATIO}`);
  reportBudget(failures, `>= ${MIN_POINTS_S} points/s, ratio >= ${MIN_RATIO} (median of ${ROUNDS} rounds).`);
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await pool.end();
  server.kill('SIGTERM');
  if (server.exitCode === null && server.signalCode === null)
    await new Promise((r) => server.once('exit', r));
  await database.drop();
}
