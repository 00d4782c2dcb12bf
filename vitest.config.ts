import { defineConfig } from 'vitest/config';

// One `vitest run` at the root runs every unit and server test, each package as its own project.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web'],
    pool: 'forks',
    maxWorkers: 2,
  },
});
