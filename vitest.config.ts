import { appendFileSync, mkdirSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const UNHANDLED_LOG = 'test-results/unhandled-errors.txt';

// One `vitest run` at the root runs every unit and server test, each package as its own project.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web'],
    pool: 'forks',
    maxWorkers: 2,
    // An unhandled error still fails the run; it is also written in short to a file that `npm run test:unit`
    // prints last, so the end of a long CI log says what it was.
    onUnhandledError(error) {
      const e = error as Error & { type?: string; code?: unknown };
      mkdirSync('test-results', { recursive: true });
      appendFileSync(
        UNHANDLED_LOG,
        `${e.type ?? 'Error'}: ${e.name}: ${e.message}${typeof e.code === 'string' || typeof e.code === 'number' ? ` (code ${e.code})` : ''}\n${(e.stack ?? '').split('\n').slice(1, 9).join('\n')}\n\n`,
      );
    },
  },
});
