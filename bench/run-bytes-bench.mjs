#!/usr/bin/env node
// Bytes a browser transfers for a cold first load (issue 15), measured on the built server on a fresh PGlite:
//   1. `/login`, cold (new browser context, empty cache): every response the page receives until the network is
//      idle, summed by its encoded (on-the-wire) size as Chromium's DevTools reports it, headers included;
//   2. the signed-in `/CompanyDashboard`, cold as well, as a per-route bundle check (reported, no budget).
// Prints the sums per type (JS, CSS, fonts, HTML, other) and the biggest files, and exits non-zero when `/login`
// is over BENCH_BUDGET_LOGIN_KB. Service workers are blocked: the PWA's precache is a background download after the
// page is up, not part of the first load (decision 042).
import { mkdtempSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, startServer, waitForServer } from './lib.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3906);
const BASE = `http://127.0.0.1:${PORT}`;
const BUDGET_LOGIN_KB = Number(process.env.BENCH_BUDGET_LOGIN_KB ?? 150);
const TOP = Number(process.env.BENCH_BYTES_TOP ?? 8);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The demo seed's company admin (apps/server seed), the same account the end-to-end tests sign in with.
const LOGIN = { email: 'admin@shipper.test', password: 'demo-password' };

const kb = (bytes) => (bytes / 1024).toFixed(1);

function kindOf(url, mime, resourceType) {
  if (resourceType === 'Script' || /javascript/.test(mime)) return 'JS';
  if (resourceType === 'Stylesheet' || mime === 'text/css') return 'CSS';
  if (resourceType === 'Font' || /font|woff/.test(mime)) return 'fonts';
  if (resourceType === 'Document' || mime === 'text/html') return 'HTML';
  return 'other';
}

/** Opens `path` in a new context and answers every response with its encoded size, once the network is idle. */
async function coldLoad(browser, path, { signIn = false } = {}) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    if (signIn) {
      // The API's sign-in, as shoot.mjs and the end-to-end tests do; not counted (it is not the page's load).
      await context.request.get(`${BASE}/sanctum/csrf-cookie`);
      const xsrf = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN');
      const res = await context.request.post(`${BASE}/api/v1/login`, {
        data: LOGIN,
        headers: { 'x-xsrf-token': decodeURIComponent(xsrf?.value ?? '') },
      });
      if (!res.ok()) throw new Error(`sign-in failed: ${res.status()}`);
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const seen = new Map();
    cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
      seen.set(requestId, {
        url: response.url,
        kind: kindOf(response.url, response.mimeType, type),
        encoding: response.headers['content-encoding'] ?? response.headers['Content-Encoding'] ?? '',
        bytes: 0,
      });
    });
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      const entry = seen.get(requestId);
      if (entry) entry.bytes = encodedDataLength;
    });
    const response = await page.goto(`${BASE}${path}`, { waitUntil: 'networkidle' });
    if (!response?.ok()) throw new Error(`${path} answered ${response?.status()}`);
    // The screen itself must be up (not a redirect to /login, not an error screen), then a last quiet moment.
    const expected = new URL(page.url()).pathname;
    if (expected !== path) throw new Error(`${path} ended on ${expected}`);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    return [...seen.values()].filter((r) => r.url.startsWith(BASE));
  } finally {
    await context.close();
  }
}

function report(title, responses) {
  const total = responses.reduce((sum, r) => sum + r.bytes, 0);
  console.log(`\n${title}: ${kb(total)} KB in ${responses.length} responses`);
  const kinds = ['JS', 'CSS', 'fonts', 'HTML', 'other'];
  console.table(
    kinds.map((kind) => {
      const of = responses.filter((r) => r.kind === kind);
      return { type: kind, responses: of.length, KB: Number(kb(of.reduce((s, r) => s + r.bytes, 0))) };
    }),
  );
  console.table(
    [...responses]
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, TOP)
      .map((r) => ({
        file: new URL(r.url).pathname,
        type: r.kind,
        encoding: r.encoding || 'none',
        KB: Number(kb(r.bytes)),
      })),
  );
  return total;
}

const dataDir = mkdtempSync(join(tmpdir(), 'courier-bench-bytes-'));
const server = startServer({ port: PORT, env: { DATA_DIR: dataDir, SEED_DEMO: 'true' } });
let browser;
try {
  await waitForServer(BASE);
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
  });
  const login = report('Cold /login', await coldLoad(browser, '/login'));
  report(
    'Cold /CompanyDashboard, signed in (no budget)',
    await coldLoad(browser, '/CompanyDashboard', { signIn: true }),
  );
  if (login > BUDGET_LOGIN_KB * 1024) {
    console.error(`\nBudget missed: a cold /login transfers ${kb(login)} KB, over ${BUDGET_LOGIN_KB} KB.`);
    process.exitCode = 1;
  } else {
    console.log(`\nWithin budget: a cold /login transfers ${kb(login)} KB (<= ${BUDGET_LOGIN_KB} KB).`);
  }
} finally {
  await browser?.close();
  server.kill('SIGTERM');
  await once(server, 'exit');
  rmSync(dataDir, { recursive: true, force: true });
}
