import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

// Browser budgets (bench/README.md), run by `npm run bench:long-list -w bench`, not
// by the test suite: the demo server of the e2e suite, and specs that start a server of their own.
export default defineConfig({
  ...base,
  testDir: './bench',
  retries: 0,
  // No Playwright trace or screenshot: the trace's DOM snapshots of every action run in the page's main thread and
  // would count as the page's own long tasks (decision 053).
  use: { ...base.use, trace: 'off', screenshot: 'off' },
});
