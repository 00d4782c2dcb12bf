import { defineConfig } from 'vitest/config';

// Generous for the worst step on a busy machine (issue 39); a passing test takes what it needs.
export default defineConfig({
  test: { name: 'contract', include: ['src/**/*.test.ts'], testTimeout: 30_000 },
});
