import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

// Browser budgets (bench/README.md), run by `npm run bench:long-list -w bench`, not
// by the test suite: the demo server of the e2e suite, and specs that start a server of their own.
export default defineConfig({
  ...base,
  testDir: './bench',
  retries: 0,
});
