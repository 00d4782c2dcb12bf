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
  },
});
