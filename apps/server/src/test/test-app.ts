import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig, type AppConfig } from '../config/env.js';
import { openPostgres, wrapPglite, type Database } from '../db/client.js';
import type { FileStorage } from '../lib/storage/storage.js';
import type { StreamSettings } from '../modules/live/index.js';
import { databaseUrlWithName } from './pg-names.js';

/** A fresh, migrated database of its own for one test file. */
export async function openTestDatabase(): Promise<Database> {
  const testDb = inject('testDb');
  if (testDb.kind === 'pglite') {
    const snapshot = new Blob([readFileSync(testDb.snapshotPath)]);
    return wrapPglite(await PGlite.create({ loadDataDir: snapshot }));
  }
  const name = `courier_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testDb.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${testDb.template}`);
  await admin.end();
  const database = openPostgres(databaseUrlWithName(testDb.url, name), 5);
  return {
    ...database,
    close: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: testDb.url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  close(): Promise<void>;
}

export async function createTestApp(
  env: Record<string, string> = {},
  opts: {
    storage?: (filesDir: string) => FileStorage;
    live?: Partial<StreamSettings>;
    /** A built web app to serve (the SPA plugin's tests). */
    webDistDir?: string;
  } = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'courier-test-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '100000',
    LOGIN_RATE_LIMIT_MAX: '1000',
    LOGIN_ACCOUNT_RATE_LIMIT_MAX: '100000',
    LOGIN_ADDRESS_RATE_LIMIT_MAX: '100000',
    PASSWORD_RESET_RATE_LIMIT_MAX: '1000',
    DATA_DIR: dataDir,
    // No test reaches the internet: a test of geocoding starts the fake geocoder and names it (test/fake-geocoder.ts).
    GEOCODER: 'none',
    ...env,
  });
  const app = await buildApp({
    config,
    database,
    logger: false,
    // Workers poll often and mail is retried at once: a test waits on its jobs, never on their timers.
    // Webhooks retry four times, a tenth of a second apart, then give up (the product: about a day).
    jobs: {
      pollingIntervalSeconds: 0.5,
      mailRetryDelaySeconds: 0,
      recipientRetryDelaySeconds: 0,
      webhookRetryDelaysSeconds: [0.05, 0.1, 0.1, 0.1],
    },
    ...(opts.storage ? { storage: opts.storage(config.filesDir) } : {}),
    ...(opts.live ? { live: opts.live } : {}),
    ...(opts.webDistDir ? { webDistDir: opts.webDistDir } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
