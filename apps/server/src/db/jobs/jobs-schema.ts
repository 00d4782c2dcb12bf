import { PgBoss, fromPglite, type ConstructorOptions } from 'pg-boss';
import type { Database } from '../client.js';

/** The schema pg-boss keeps its tables in, beside ours (decision 055). */
export const JOBS_SCHEMA = 'pgboss';

/** How pg-boss reaches a database: PGlite's one connection, or a small pool of its own on PostgreSQL. */
export function jobsBossOptions(database: Pick<Database, 'kind' | 'url' | 'pglite'>): ConstructorOptions {
  if (database.kind === 'pglite') {
    if (!database.pglite) throw new Error('A PGlite database without its client.');
    // One process, one connection, nothing else writes: no index rebuilds or vacuum watch (each statement there
    // also grows the embedded database's memory, which never shrinks, decision 040).
    return {
      schema: JOBS_SCHEMA,
      db: fromPglite(database.pglite),
      backend: 'pglite',
      reindex: false,
      monitorVacuum: false,
    };
  }
  return { schema: JOBS_SCHEMA, connectionString: database.url, max: 3, application_name: 'courier-jobs' };
}

/**
 * Installs or upgrades pg-boss's schema; `database.migrate()` runs it after our migrations, so a test database's
 * snapshot or template holds it and no server start changes it. pg-boss takes its own advisory lock.
 */
export async function installJobsSchema(database: Pick<Database, 'kind' | 'url' | 'pglite'>): Promise<void> {
  const boss = new PgBoss({
    ...jobsBossOptions(database),
    ...(database.kind === 'postgres' ? { max: 1 } : {}),
    migrate: true,
    createSchema: true,
    supervise: false,
    schedule: false,
  });
  boss.on('error', () => undefined);
  await boss.start();
  await boss.stop({ graceful: false, close: true, timeout: 1000 });
}
