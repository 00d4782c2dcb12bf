// Shared pieces of the benchmarks: start the built server, sign in, run autocannon, print a table with ratios.
import { execFileSync, spawn } from 'node:child_process';
import { request } from 'node:http';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Debian's Chromium flags for a headless run on these machines (as e2e/playwright.config.ts): without the
 * background-networking ones it tries to reach Google's hosts, which this closed network refuses.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The node flags of `npm run serve` (root package.json), so the benchmarks run the server as users do. */
export const SERVE_NODE_ARGS = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  .scripts.serve.split(' ')
  .filter((word) => word.startsWith('--'));

export function startServer({ port, env, nodeArgs: benchNodeArgs = [] }) {
  // BENCH_NODE_ARGS passes flags to the server's node (`--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it).
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const server = spawn(
    process.execPath,
    [...SERVE_NODE_ARGS, ...benchNodeArgs, ...nodeArgs, join(root, 'apps/server/dist/server.js')],
    {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_MAX: '100000000',
        NODE_ENV: 'production',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  server.stdout.resume();
  return server;
}

/**
 * Seeds the large company on DATABASE_URL once (`seed-large`, `deliveries` of them; later runs find it) and starts
 * the built server on it without the demo seed, with a pool of DATABASE_POOL_SIZE (20) connections.
 */
export function startLargeCompanyServer({ port, deliveries }) {
  execFileSync(
    process.execPath,
    [join(root, 'apps/server/dist/cli/seed-large.js'), `--deliveries=${deliveries}`],
    {
      stdio: 'inherit',
    },
  );
  return startServer({
    port,
    env: { SEED_DEMO: 'false', DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE ?? '20' },
  });
}

export async function waitForServer(base, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not start within ${timeoutMs / 1000} s`);
}

/** Signs in the way the web app does and answers the session cookie. */
export async function signIn(base, email, password) {
  const res = await login(base, { email, password });
  const session = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('courier_session='));
  if (!session) throw new Error('no session cookie');
  return session;
}

/** Signs in the way the driver app and integrations do and answers a Bearer token (writes need no CSRF token). */
export async function bearerToken(base, email, password) {
  const res = await login(base, { email, password, issueToken: true });
  const token = (await res.json()).data?.token;
  if (!token) throw new Error('no token in the sign-in answer');
  return token;
}

async function login(base, body) {
  const csrf = await fetch(`${base}/sanctum/csrf-cookie`);
  const cookies = csrf.headers.getSetCookie().map((c) => c.split(';')[0]);
  const xsrf = decodeURIComponent(cookies.find((c) => c.startsWith('XSRF-TOKEN='))?.split('=')[1] ?? '');
  const res = await fetch(`${base}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf, cookie: cookies.join('; ') },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return res;
}

/** One autocannon run; a non-2xx answer fails the benchmark (a fast error page is no result). */
export function measure(base, title, path, { connections, duration, headers = {}, setupRequest }) {
  return new Promise((resolveRun, reject) => {
    autocannon(
      {
        url: `${base}${path}`,
        connections,
        duration,
        headers,
        ...(setupRequest ? { requests: [{ setupRequest }] } : {}),
      },
      (err, result) => {
        if (err) return reject(err);
        if (result.non2xx > 0 || result.errors > 0) {
          return reject(new Error(`${title}: ${result.non2xx} non-2xx answers and ${result.errors} errors`));
        }
        resolveRun({
          title,
          rps: result.requests.average,
          p99: result.latency.p99,
          requests: result.requests.total,
        });
      },
    );
  });
}

/** CPU seconds (user and system) a process has used so far, from /proc (Linux); 0 where it cannot be read. */
export function serverCpuSeconds(pid) {
  try {
    // Fields 14 and 15 of /proc/PID/stat, in clock ticks (100 a second on Linux), after the parenthesised name.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

export function printTable(baseline, runs) {
  console.table(
    [baseline, ...runs].map((r) => ({
      route: r.title,
      'requests/s': Math.round(r.rps),
      'p99 ms': r.p99,
      'ratio to bare': (r.rps / baseline.rps).toFixed(3),
    })),
  );
}

/** Prints the missed budgets and fails the run, or prints what was within budget. */
export function reportBudget(failures, within) {
  if (failures.length) {
    console.error(`\nBudget missed:\n- ${failures.join('\n- ')}`);
    process.exitCode = 1;
  } else {
    console.log(`\nWithin budget: ${within}`);
  }
}

const benchAddress = (line1, postcode, lat, lng) => ({
  line1,
  city: 'London',
  postcode,
  countryCode: 'GB',
  lat,
  lng,
});

/** The body of `POST …/delivery/create-delivery` the writing benchmarks send: one pickup and one dropoff in London. */
export function deliveryBody(name) {
  return JSON.stringify({
    name,
    steps: [
      { kind: 'pickup', address: benchAddress('1 Upper St', 'N1 0PQ', 51.5362, -0.1033) },
      { kind: 'dropoff', address: benchAddress('10 Mare St', 'E8 1HE', 51.5456, -0.0553) },
    ],
  });
}

/** Resident memory of a process in MB, from /proc (what the operating system charges it). */
export function residentMb(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Math.round(Number(line.split(/\s+/)[1]) / 1024);
}

/** The local PostgreSQL server's maintenance database: where a bench makes and drops a database of its own. */
export const POSTGRES_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Without DATABASE_URL, a fresh database `courier_bench_<name>_<run>` on the local PostgreSQL server, set as
 * DATABASE_URL for the server the bench starts; exits 2 saying so when there is no server. Answers `drop()`, which
 * removes it again (nothing with DATABASE_URL set: that database is the caller's).
 */
export async function ownPostgresDatabase(name) {
  if (process.env.DATABASE_URL) return { drop: async () => {} };
  const database = `courier_bench_${name}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
  } catch (err) {
    console.error(
      `The ${name} benchmark runs on PostgreSQL: set DATABASE_URL, or run one at ${POSTGRES_ADMIN_URL}.`,
    );
    console.error(String(err));
    process.exit(2);
  } finally {
    await admin.end().catch(() => {});
  }
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${database}`;
  process.env.DATABASE_URL = url.toString();
  return {
    async drop() {
      const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * A JSON POST through node:http with a keep-alive `agent`, not fetch: fetch spends about three times the CPU per
 * request, which on a shared 2-core machine is taken from the server being measured. Answers status and text.
 */
export function postJson(agent, url, payload, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...headers,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
