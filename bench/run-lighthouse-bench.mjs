#!/usr/bin/env node
// Lighthouse (mobile, its default) on the built server, fresh seeded PGlite, in Debian's Chromium: performance and
// accessibility of the sign-in page, the signed-in company dashboard and a delivery's page. Prints each score with
// the audits that cost accessibility points, and fails when a score is under its budget:
//   accessibility >= BENCH_BUDGET_A11Y (98) on every page (issue 16);
//   performance >= BENCH_BUDGET_PERFORMANCE (95) on /login and /CompanyDashboard (issue 15).
// Performance depends on the machine being quiet (Lighthouse simulates a mid-range phone from what it measures).
// Each page is measured BENCH_LIGHTHOUSE_RUNS (5) times and judged by its median run, as Lighthouse's own guidance on
// variability says: on this 2-core machine the server, Lighthouse and Chromium share the cores, and one run's score
// moves by 10 points or more with the machine's load (decision 051). Every run's score is printed.
// BENCH_LIGHTHOUSE_PAGES (login,dashboard,delivery) picks the pages; BENCH_LIGHTHOUSE_REPORTS names a directory
// where each page's JSON report is kept (LCP element, long tasks, request chains, bootup time per script).
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS, reportBudget, root, signIn, startServer, waitForServer } from './lib.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3907);
const BASE = `http://127.0.0.1:${PORT}`;
const BUDGET_A11Y = Number(process.env.BENCH_BUDGET_A11Y ?? 98);
const BUDGET_PERFORMANCE = Number(process.env.BENCH_BUDGET_PERFORMANCE ?? 95);
const CHROME_FLAGS = CHROMIUM_ARGS.join(' ');
const PAGES = (process.env.BENCH_LIGHTHOUSE_PAGES ?? 'login,dashboard,delivery').split(',');
const KEEP_DIR = process.env.BENCH_LIGHTHOUSE_REPORTS;
const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5));

/** The run of median performance among several of one page (the higher middle one of an even count). */
function medianRun(runs) {
  return [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)];
}

/** One Lighthouse run; answers the scores (0–100) and the accessibility audits that failed. */
function lighthouse(url, cookie, outDir, name) {
  const out = join(outDir, 'report.json');
  const args = [
    url,
    '--only-categories=performance,accessibility',
    `--chrome-flags=${CHROME_FLAGS}`,
    '--output=json',
    `--output-path=${out}`,
    '--quiet',
  ];
  if (cookie) args.push(`--extra-headers=${JSON.stringify({ Cookie: cookie })}`);
  const runOnce = () =>
    spawnSync(join(root, 'node_modules/.bin/lighthouse'), args, {
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
      encoding: 'utf8',
      timeout: 180_000,
    });
  let run = runOnce();
  // Lighthouse's own recording can fail (NO_NAVSTART, NO_FCP…: "Please run Lighthouse again"); that is the tool, not
  // the page, so such a run is made once more (and said), any other failure stops the bench.
  if (run.status !== 0 && /Runtime error encountered/.test(run.stderr ?? '')) {
    console.log(
      `lighthouse's recording failed on ${url}, run again: ${run.stderr.trim().split('\n').at(-1)}`,
    );
    run = runOnce();
  }
  if (run.status !== 0) throw new Error(`lighthouse failed on ${url}: ${run.stderr || run.error}`);
  if (KEEP_DIR) {
    mkdirSync(KEEP_DIR, { recursive: true });
    copyFileSync(out, join(KEEP_DIR, `${name}.json`));
  }
  const report = JSON.parse(readFileSync(out, 'utf8'));
  rmSync(out, { force: true });
  const a11yIds = new Set(report.categories.accessibility.auditRefs.map((r) => r.id));
  return {
    performance: Math.round(report.categories.performance.score * 100),
    accessibility: Math.round(report.categories.accessibility.score * 100),
    a11yFailed: Object.values(report.audits)
      .filter((a) => a11yIds.has(a.id) && a.score !== null && a.score < 1)
      .map((a) => `${a.id}: ${a.title}`),
    fcp: report.audits['first-contentful-paint']?.displayValue,
    lcp: report.audits['largest-contentful-paint']?.displayValue,
    tbt: report.audits['total-blocking-time']?.displayValue,
  };
}

const dataDir = mkdtempSync(join(tmpdir(), 'courier-bench-lh-'));
const outDir = mkdtempSync(join(tmpdir(), 'courier-lh-report-'));
const server = startServer({ port: PORT, env: { DATA_DIR: dataDir, SEED_DEMO: 'true' } });
try {
  await waitForServer(BASE);
  const cookie = await signIn(BASE, 'admin@shipper.test', 'demo-password');
  const list = await (
    await fetch(`${BASE}/api/v1/c/demo-shipper/admin/delivery?per_page=1`, { headers: { cookie } })
  ).json();
  const pages = [
    { name: 'login', path: '/login', cookie: undefined, performance: true },
    { name: 'dashboard', path: '/CompanyDashboard', cookie, performance: true },
    { name: 'delivery', path: `/DeliveryDetail/${list.data[0].uuid}`, cookie, performance: false },
  ].filter((p) => PAGES.includes(p.name));
  const failures = [];
  const rows = [];
  for (const p of pages) {
    const runs = [];
    for (let i = 1; i <= RUNS; i += 1)
      runs.push(lighthouse(`${BASE}${p.path}`, p.cookie, outDir, RUNS > 1 ? `${p.name}-${i}` : p.name));
    const r = medianRun(runs);
    rows.push({
      page: p.path.replace(/[0-9a-f-]{36}$/, '…'),
      performance: r.performance,
      accessibility: r.accessibility,
      FCP: r.fcp,
      LCP: r.lcp,
      TBT: r.tbt,
      runs: runs.map((run) => run.performance).join(' '),
    });
    for (const audit of r.a11yFailed) console.log(`${p.path}: ${audit}`);
    if (r.accessibility < BUDGET_A11Y)
      failures.push(`${p.path}: accessibility ${r.accessibility} is under ${BUDGET_A11Y}`);
    if (p.performance && r.performance < BUDGET_PERFORMANCE)
      failures.push(`${p.path}: performance ${r.performance} is under ${BUDGET_PERFORMANCE}`);
  }
  console.table(rows);
  reportBudget(failures, `accessibility >= ${BUDGET_A11Y}, performance >= ${BUDGET_PERFORMANCE}.`);
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(outDir, { recursive: true, force: true });
}
