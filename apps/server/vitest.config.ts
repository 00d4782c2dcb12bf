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
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The contract fuzz suite's seed, replay path and runs per operation (docs/decisions/037-contract-fuzz-suite.md).
    provide: {
      fuzzEnv: {
        FUZZ_SEED: process.env.FUZZ_SEED ?? '',
        FUZZ_PATH: process.env.FUZZ_PATH ?? '',
        FUZZ_RUNS: process.env.FUZZ_RUNS ?? '',
      },
      // How many keyed writes the Idempotency-Key crash suite sends (crash-idempotency.test.ts, decision 057).
      crashEnv: { IDEMPOTENCY_CRASH_WRITES: process.env.IDEMPOTENCY_CRASH_WRITES ?? '' },
    },
  },
});
