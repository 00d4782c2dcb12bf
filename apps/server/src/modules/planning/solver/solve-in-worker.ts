import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Problem, Solution, SolveOptions } from './model.js';

/** How long past its time limit a solve may take (building the answer, a busy machine) before it is ended. */
const GRACE_MS = 30_000;

/**
 * Where the worker's file is, from this module: next to it (tsc's dist/, or the TypeScript sources under vitest),
 * or, when this module is bundled into dist/server.js (scripts/bundle-server.mjs), where tsc put it beside.
 */
function workerFile(): string {
  const candidates = [
    './solver.worker.js',
    './solver.worker.ts',
    './modules/planning/solver/solver.worker.js',
  ].map((path) => fileURLToPath(new URL(path, import.meta.url)));
  const found = candidates.find((file) => existsSync(file));
  if (!found) throw new Error(`The route solver's worker is not at ${candidates.join(' or ')}.`);
  return found;
}

/**
 * Runs the built-in solve in a worker thread of its own, so the server's event loop keeps answering while it
 * searches; rejects if the worker fails or outlives its time limit by GRACE_MS.
 *
 * One worker per solve, ended after its answer, rather than a kept pool: a solve takes seconds and a worker starts
 * in tens of milliseconds; its memory (the matrices, a few MB each) goes with it; two dispatchers' solves run side
 * by side; and ending a stuck solve harms no other.
 */
export function solveInWorker(problem: Problem, options: SolveOptions): Promise<Solution> {
  return new Promise((resolve, reject) => {
    const file = workerFile();
    // Under vitest the worker is TypeScript: node runs it through tsx, as the server's scripts do.
    const worker = new Worker(file, { execArgv: file.endsWith('.ts') ? ['--import', 'tsx'] : [] });
    let settled = false;
    const settle = (done: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      done();
    };
    const timer = setTimeout(
      () =>
        settle(() => reject(new Error(`The route solver took over ${options.timeLimitMs + GRACE_MS} ms.`))),
      options.timeLimitMs + GRACE_MS,
    );
    worker.once('message', (solution: Solution) => settle(() => resolve(solution)));
    worker.once('error', (error) => settle(() => reject(error)));
    worker.once('exit', (code) =>
      settle(() =>
        reject(new Error(`The route solver's worker stopped (exit code ${code}) without an answer.`)),
      ),
    );
    worker.postMessage({ problem, options });
  });
}
