// Starts the built server for the end-to-end tests on a fresh embedded database with the demo seed.
// DATABASE_URL is ignored on purpose: the browser tests always start from the same clean state.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// A data directory of this run's own (issue 39), removed when the server exits.
const dataDir = mkdtempSync(join(tmpdir(), `courier-e2e-${process.env.E2E_PORT ?? 'run'}-`));
process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
delete process.env.DATABASE_URL;
// The test machines have no internet: addresses are looked up in the tests' own geocoder, which speaks Photon's JSON
// over a few London places (apps/server/src/test/fake-geocoder.ts, loaded as it is by Node 24's type stripping).
const { startFakeGeocoder } = await import('../apps/server/src/test/fake-geocoder.ts');
const geocoder = await startFakeGeocoder();
// Text messages to recipients go to the tests' own Twilio (apps/server/src/test/fake-twilio.ts), which speaks Twilio's
// Messages API; a spec reads what it sent at E2E_PORT + 70 (`GET /fake/messages`).
const port = process.env.E2E_PORT ?? '3210';
const { FakeTwilio } = await import('../apps/server/src/test/fake-twilio.ts');
const twilio = new FakeTwilio();
await twilio.start(Number(port) + 70);
Object.assign(process.env, {
  APP_URL: `http://127.0.0.1:${port}`,
  TWILIO_ACCOUNT_SID: twilio.accountSid,
  TWILIO_AUTH_TOKEN: twilio.authToken,
  TWILIO_FROM: '+15005550006',
  TWILIO_API_URL: twilio.url,
  DATA_DIR: dataDir,
  HOST: '127.0.0.1',
  PORT: port,
  SEED_DEMO: 'true',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  // The suite signs in many times from one address.
  LOGIN_RATE_LIMIT_MAX: '1000',
  LOGIN_ACCOUNT_RATE_LIMIT_MAX: '100000',
  LOGIN_ADDRESS_RATE_LIMIT_MAX: '100000',
  RATE_LIMIT_MAX: '100000',
  // The test machines have no internet: the built-in base map, not OpenFreeMap's street map (decision 024). A spec
  // that wants the street map's fallback fakes the map config in the browser (base-map.spec.ts).
  MAP_OFFLINE: process.env.MAP_OFFLINE ?? 'true',
  GEOCODER: 'photon',
  GEOCODER_URL: geocoder.url,
  // The webhooks spec's receiver listens on 127.0.0.1, an address a webhook is otherwise refused (decision 066).
  WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true',
});
await import('../apps/server/dist/server.js');
