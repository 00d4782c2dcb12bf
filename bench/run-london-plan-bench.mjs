#!/usr/bin/env node
// A London day at the dispatch board's scale (issue 35): 150 deliveries (300 stops) from the demo data's six shops to
// addresses around London, for 15 drivers in small vans with a shift, a break and two-hour delivery slots, planned
// by the built-in solver through its worker thread as the server runs it (`npm run build` first). Budget: every
// delivery placed, every route checked valid by check-solution.ts (windows, capacity, pairs, shifts, breaks), the
// whole solve (worker start, matrix included) within 5 s.
//
//   node run-london-plan-bench.mjs [--seed N]
import { join } from 'node:path';
import { reportBudget, root } from './lib.mjs';

const solver = join(root, 'apps/server/dist/modules/planning/solver');
const { solveInWorker } = await import(join(solver, 'solve-in-worker.js'));
const { checkSolution } = await import(join(solver, 'check-solution.js'));
const { haversineMatrix } = await import(join(solver, 'matrix.js'));

const BUDGET_MS = 5_000;
/** What the server gives the search (PLANNING.solveSeconds is 5: the worker's start and the answer fit in the rest). */
const SEARCH_MS = Number(process.env.LONDON_SEARCH_MS ?? 4_000);
const args = process.argv.slice(2);
const seedAt = args.indexOf('--seed');
let seed = seedAt >= 0 ? Number(args[seedAt + 1]) : 35;
const random = () => {
  // mulberry32: the same London every run.
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

// The demo data's places (apps/server/src/seed/demo-deliveries.seed.ts): the shops the parcels are collected from.
const SHOPS = [
  { lat: 51.5362, lng: -0.1033 },
  { lat: 51.5456, lng: -0.0553 },
  { lat: 51.5049, lng: -0.0195 },
  { lat: 51.4513, lng: -0.1179 },
  { lat: 51.5364, lng: -0.1404 },
  { lat: 51.4927, lng: -0.2262 },
];
const DEPOT = { lat: 51.5226, lng: -0.0714 };
const DELIVERIES = 150;
const DRIVERS = 15;
const H = 3600;

const points = [DEPOT, ...SHOPS];
const stop = (place, windows) => ({ place, service: 300, windows });
const shipments = [];
for (let i = 0; i < DELIVERIES; i++) {
  // Within about 8 km of central London.
  points.push({ lat: 51.505 + (random() - 0.5) * 0.14, lng: -0.1 + (random() - 0.5) * 0.24 });
  const slot = 9 + Math.floor(random() * 8); // a two-hour slot starting 09:00 … 16:00
  shipments.push({
    id: `delivery-${i}`,
    pickup: stop(1 + Math.floor(random() * SHOPS.length), [[8 * H, (slot + 1) * H]]),
    delivery: stop(points.length - 1, [[slot * H, (slot + 2) * H]]),
    amount: [Math.ceil(1 + random() * 20), Math.ceil(5 + random() * 60)],
  });
}
const vehicles = Array.from({ length: DRIVERS }, (_, i) => ({
  id: `driver-${i}`,
  start: 0,
  end: 0,
  shift: [8 * H, 18 * H],
  // A small van: 600 kg, 3,000 litres.
  capacity: [600, 3_000],
  break: { window: [12 * H, 14 * H], duration: 30 * 60 },
}));

const started = performance.now();
const problem = { matrix: haversineMatrix(points), vehicles, shipments, jobs: [] };
const solution = await solveInWorker(problem, { timeLimitMs: SEARCH_MS, seed: 1 });
const wallMs = Math.round(performance.now() - started);
const violations = checkSolution(problem, solution);

const used = solution.routes.filter((r) => r.steps.some((s) => s.type === 'pickup')).length;
console.log(
  `London day: ${DELIVERIES} deliveries (${DELIVERIES * 2} stops), ${DRIVERS} drivers, built-in solver`,
);
console.log(`  routes used      ${used}`);
console.log(`  unassigned       ${solution.unassigned.length}`);
console.log(`  distance         ${(solution.summary.distance / 1000).toFixed(1)} km`);
console.log(`  driving          ${(solution.summary.duration / 3600).toFixed(1)} h`);
console.log(`  solve            ${wallMs} ms wall (search ${SEARCH_MS} ms), budget ${BUDGET_MS} ms`);

const failures = [];
if (violations.length) failures.push(`invalid plan: ${violations.slice(0, 5).join('; ')}`);
if (solution.unassigned.length)
  failures.push(`${solution.unassigned.length} deliveries unassigned: ${solution.unassigned[0].reason}`);
if (wallMs > BUDGET_MS) failures.push(`solve took ${wallMs} ms, budget ${BUDGET_MS} ms`);
reportBudget(failures, `${DELIVERIES} deliveries on ${used} routes, valid, in ${wallMs} ms`);
