import react from '@vitejs/plugin-react';
import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['src/testing/setup-tests.ts'],
    // Generous for the worst step on a busy machine (issue 39: a 2-core runner under load took over 5 s to parse the
    // shipped map data); a passing test takes what it needs, never these.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
