import { defineConfig } from 'vitest/config';

// Server tests run against a real database: PGlite by default, PostgreSQL when DATABASE_URL is set. The global
// setup migrates once; each test file gets its own copy (a PGlite snapshot, or a database cloned from a template).
export default defineConfig({
  // Read @courier/contract from its TypeScript source (tests run in Vite's SSR environment).
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    // The files of a worker share its loaded modules (issue 39): each file built a whole server from ~650 modules
    // again, 3.6 s of imports a file, a third of the server tests' time (365 s of 1,008 on PGlite). Every file still
    // makes its own app and database (createTestApp); no test mocks a module or changes the environment, so there is
    // nothing for a file to leak into the next.
    isolate: false,
    // Generous for the worst step on a busy 2-core machine (issue 39): a test waits on what it needs, never on a
    // clock, so a long limit costs nothing when the machine is quiet.
    testTimeout: 90_000,
    hookTimeout: 180_000,
    // The contract fuzz suite's seed, replay path and runs per operation (docs/decisions/037-contract-fuzz-suite.md).
    provide: {
      fuzzEnv: {
        FUZZ_SEED: process.env.FUZZ_SEED ?? '',
        FUZZ_PATH: process.env.FUZZ_PATH ?? '',
        FUZZ_RUNS: process.env.FUZZ_RUNS ?? '',
      },
      // How many keyed writes the Idempotency-Key crash suite sends (crash-idempotency.test.ts, decision 057).
      // CRASH_REPORT=1 prints what the crash suites did (restart times, writes cut off); a passing run prints nothing.
      crashEnv: {
        IDEMPOTENCY_CRASH_WRITES: process.env.IDEMPOTENCY_CRASH_WRITES ?? '',
        CRASH_REPORT: process.env.CRASH_REPORT ?? '',
      },
    },
  },
});
