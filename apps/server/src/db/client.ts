import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { AppConfig } from '../config/env.js';
import { lockDataDir } from './data-dir-lock.js';
import { installJobsSchema } from './jobs/jobs-schema.js';
import { joinRequestScopes } from './request-scope.js';
import * as schema from './schema/index.js';

/** One type for both drivers: the PGlite and node-postgres databases share Drizzle's PostgreSQL core. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction, or the database itself: what a query function takes. */
export type DbOrTx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The PostgreSQL connection string (for the live stream's dedicated LISTEN connection); unset on PGlite. */
  url?: string;
  /** The embedded database's one client (the job runner shares it); unset on PostgreSQL. */
  pglite?: PGlite;
  /** The connection pool's use now (metrics); unset on PGlite, which has one connection. */
  poolStats?: () => { max: number; total: number; idle: number; waiting: number };
  /** Apply pending migrations, then pg-boss's (decision 055); safe to run from several processes at once on PostgreSQL. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The migrations folder (`apps/server/drizzle`): the nearest `drizzle/` with a journal above this module, which is
 * `src/db/` in development and tests, `dist/db/` for the command-line scripts, and `dist/server.js` itself in the
 * built server, where this module is part of one bundle (decision 054).
 */
function findMigrationsDir(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'drizzle', 'meta', '_journal.json'))) return join(dir, 'drizzle');
    if (dirname(dir) === dir) throw new Error(`No drizzle/meta/_journal.json above ${from}`);
  }
}

export const MIGRATIONS_DIR = findMigrationsDir(dirname(fileURLToPath(import.meta.url)));
/** Arbitrary constant for pg_advisory_lock, so concurrent starts migrate one at a time. */
const MIGRATION_LOCK_KEY = 724_211_001;

export async function openDatabase(
  config: AppConfig['database'],
  onConnectionError?: (err: Error) => void,
): Promise<Database> {
  if (config.kind === 'postgres') return openPostgres(config.url, config.poolSize, onConnectionError);
  mkdirSync(config.dataDir, { recursive: true });
  const release = await lockDataDir(config.dataDir);
  try {
    // The buffer cache comes from configuration (PGLITE_SHARED_BUFFERS_MB, decision 040); without it, PGlite's own.
    const client = await PGlite.create({
      dataDir: config.dataDir,
      ...(config.sharedBuffersMb ? { postgresqlconf: [`shared_buffers=${config.sharedBuffersMb}MB`] } : {}),
    });
    return wrapPglite(client, release);
  } catch (err) {
    await release();
    throw err;
  }
}

/** Wrap an already open PGlite (tests open them in memory from a migrated snapshot). */
export function wrapPglite(client: PGlite, release: () => Promise<void> = async () => {}): Database {
  const db = joinRequestScopes(drizzlePglite(client, { schema }));
  return {
    db,
    kind: 'pglite',
    pglite: client,
    migrate: async () => {
      await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
      await installJobsSchema({ kind: 'pglite', pglite: client });
    },
    close: async () => {
      await client.close();
      await release();
    },
  };
}

/**
 * A node-postgres pool. A connection the server ends (a restart, `pg_terminate_backend`, `DROP DATABASE … FORCE`)
 * emits 'error' on its client, also while it is being closed after the pool let go of it: every client keeps a
 * listener so such an error is reported to `onConnectionError` and never becomes an uncaught exception; the pool
 * opens a new connection for the next query.
 */
export function openPostgres(
  url: string,
  poolSize = 10,
  onConnectionError: (err: Error) => void = () => {},
): Database {
  // JIT compiling pays off for long analytical queries; ours are short, and a misestimate once made a 5 ms list
  // page spend 650 ms compiling. Off for the application's connections.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options: '-c jit=off' });
  pool.on('error', onConnectionError);
  pool.on('connect', (client) => client.on('error', onConnectionError));
  const db = joinRequestScopes(drizzlePg(pool, { schema }));
  return {
    db,
    kind: 'postgres',
    url,
    poolStats: () => ({
      max: poolSize,
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    migrate: async () => {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        client.release();
      }
      await installJobsSchema({ kind: 'postgres', url });
    },
    close: () => pool.end(),
  };
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
