import { parentPort } from 'node:worker_threads';
import { solve } from './built-in-solver.js';
import type { Problem, SolveOptions } from './model.js';

// The built-in solve in a worker thread (solve-in-worker.ts): one problem in, its solution out. A throw reaches
// the caller as the worker's 'error'.
parentPort!.once('message', ({ problem, options }: { problem: Problem; options: SolveOptions }) => {
  parentPort!.postMessage(solve(problem, options));
});
