import { execFileSync } from 'node:child_process';
import { defineConfig, devices } from '@playwright/test';

/**
 * A port free now, chosen once per run (issue 39): two checkouts, or two runs, on one machine never meet on a fixed
 * port or data directory. Set in the environment, so Playwright's workers (which load this file again) and the
 * specs that start servers of their own (E2E_PORT + 50, + 60) agree on it. E2E_PORT chooses it by hand.
 */
function freePort(): string {
  return execFileSync(process.execPath, [
    '-e',
    "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { process.stdout.write(String(s.address().port)); s.close(); });",
  ]).toString();
}
process.env.E2E_PORT ??= freePort();
const PORT = Number(process.env.E2E_PORT);

// Debian's Chromium (apt-get install chromium); Playwright's own browser download cannot work here.
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  // One retry everywhere, CI or not: a test that passes on its retry is reported as flaky, never hidden (issue 39).
  retries: 1,
  // Generous: CI shares two cores between the server, Chromium and the runner.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: '../test-results',
  use: {
    ...devices['Desktop Chrome'],
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
    // A trace takes a DOM snapshot of every action in the page's main thread and slows every test: only the retry of
    // a failed test is traced.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'node start-server.mjs',
    url: `http://127.0.0.1:${PORT}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 90_000,
    env: { E2E_PORT: String(PORT) },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
