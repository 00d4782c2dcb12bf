import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

// Browser benchmarks (bench/README.md): budgets measured in the browser, run by `npm run bench:long-list -w bench`,
// not by the test suite. Each spec starts the server it needs.
export default defineConfig({
  ...base,
  testDir: './bench',
  retries: 0,
  webServer: undefined,
});
