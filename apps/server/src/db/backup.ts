import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import * as tar from 'tar';
import { z } from 'zod';
import type { AppConfig } from '../config/env.js';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.js';
import { JOBS_SCHEMA } from './jobs/jobs-schema.js';

const run = promisify(execFile);

/** What a backup holds; read first on restore, so a wrong file is refused before anything is touched. */
const manifestSchema = z.object({
  format: z.literal(1),
  product: z.literal('courier'),
  createdAt: z.string(),
  database: z.enum(['pglite', 'postgres']),
  files: z.number().int().nonnegative(),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

const MANIFEST = 'courier-backup.json';
const PG_DUMP = 'database.dump';
const PGLITE_DUMP = 'pglite.tar.gz';
const FILES = 'files';

export class BackupError extends Error {}

type BackupConfig = Pick<AppConfig, 'database' | 'filesDir'>;

/**
 * Writes one archive (an uncompressed tar: the database dump inside is compressed already, and so are most uploads)
 * with the database and the uploaded files. PostgreSQL is dumped with `pg_dump` while the server runs (one
 * consistent snapshot); PGlite is copied from a closed directory, so its server must be stopped first. The database
 * goes first, then the files: every file a dumped row names was written before that row committed. The archive
 * appears under its name only when complete.
 */
export async function backupData(config: BackupConfig, outFile: string): Promise<BackupManifest> {
  const staging = await mkdtemp(join(tmpdir(), 'courier-backup-'));
  const partial = `${outFile}.partial`;
  try {
    if (config.database.kind === 'postgres') {
      await pgTool('pg_dump', [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--file=${join(staging, PG_DUMP)}`,
        `--dbname=${config.database.url}`,
      ]);
    } else {
      const { dataDir } = config.database;
      await withPglite(dataDir, 'back up', async () => {
        const client = await PGlite.create({ dataDir });
        try {
          const dump = await client.dumpDataDir('gzip');
          await writeFile(join(staging, PGLITE_DUMP), Buffer.from(await dump.arrayBuffer()));
        } finally {
          await client.close();
        }
      });
    }
    const files = existsSync(config.filesDir) ? await countFiles(config.filesDir) : 0;
    if (files > 0) await symlink(resolve(config.filesDir), join(staging, FILES), 'dir');
    const manifest: BackupManifest = {
      format: 1,
      product: 'courier',
      createdAt: new Date().toISOString(),
      database: config.database.kind,
      files,
    };
    await writeFile(join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    const entries = [MANIFEST, config.database.kind === 'postgres' ? PG_DUMP : PGLITE_DUMP];
    if (files > 0) entries.push(FILES);
    await mkdir(dirname(resolve(outFile)), { recursive: true });
    // `follow` packs the files the link points at, under `files/`.
    await tar.create({ file: partial, cwd: staging, follow: true, portable: true }, entries);
    await rename(partial, outFile);
    return manifest;
  } finally {
    await rm(partial, { force: true });
    await rm(staging, { recursive: true, force: true });
  }
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Where the data that was there before was moved (nothing is deleted); absent when there was none. */
  keptAside: string[];
}

/**
 * Puts a backup back: the database (PostgreSQL through `pg_restore` in one transaction; PGlite into a fresh
 * directory) and the uploaded files. What was there before is moved aside under `….before-restore-<time>`, not
 * deleted, and put back if the restore fails. The server must be stopped (PGlite refuses otherwise).
 */
export async function restoreData(config: BackupConfig, inFile: string): Promise<RestoreResult> {
  if (!existsSync(inFile)) throw new BackupError(`There is no backup file at ${inFile}.`);
  const staging = await mkdtemp(join(tmpdir(), 'courier-restore-'));
  try {
    try {
      await tar.extract({ file: inFile, cwd: staging, strict: true });
    } catch {
      throw new BackupError(`${inFile} is not a backup made by "npm run backup" (it is not a tar archive).`);
    }
    const manifest = await readManifest(staging, inFile);
    if (manifest.database !== config.database.kind) {
      throw new BackupError(
        `This backup holds ${dbName(manifest.database)}, but this server is set up for ${dbName(config.database.kind)}. ` +
          'Restore it with the same database settings it was made with.',
      );
    }
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const keptAside: string[] = [];
    const undo: (() => Promise<void>)[] = [];
    try {
      if (config.database.kind === 'postgres') {
        await restorePostgres(config.database.url, join(staging, PG_DUMP), staging);
      } else {
        const { dataDir } = config.database;
        const dump = await readFile(join(staging, PGLITE_DUMP));
        await withPglite(dataDir, 'restore', async () => {
          const aside = await moveAside(dataDir, stamp);
          if (aside) {
            keptAside.push(aside);
            undo.push(() => putBack(dataDir, aside));
          } else {
            undo.push(() => rm(dataDir, { recursive: true, force: true }));
          }
          const client = await PGlite.create({ dataDir, loadDataDir: new Blob([dump]) });
          try {
            await client.query('SELECT count(*) FROM companies');
          } finally {
            await client.close();
          }
        });
      }
      const aside = await moveAside(config.filesDir, stamp);
      if (aside) {
        keptAside.push(aside);
        undo.push(() => putBack(config.filesDir, aside));
      }
      if (existsSync(join(staging, FILES)))
        await cp(join(staging, FILES), config.filesDir, { recursive: true });
    } catch (err) {
      for (const step of undo.reverse()) await step().catch(() => undefined);
      throw err;
    }
    return { manifest, keptAside };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function readManifest(staging: string, inFile: string): Promise<BackupManifest> {
  try {
    return manifestSchema.parse(JSON.parse(await readFile(join(staging, MANIFEST), 'utf8')));
  } catch {
    throw new BackupError(`${inFile} is not a backup made by "npm run backup" (no readable ${MANIFEST}).`);
  }
}

const dbName = (kind: 'pglite' | 'postgres') =>
  kind === 'pglite' ? 'the embedded database (PGlite)' : 'a PostgreSQL database (DATABASE_URL)';

/** Holds the data directory's lock for the work, so a running server and a backup never share it. */
async function withPglite(dataDir: string, verb: string, work: () => Promise<void>): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  let release: () => Promise<void>;
  try {
    release = await lockDataDir(dataDir);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      throw new BackupError(
        `The embedded database in ${dataDir} is in use by a running server. Stop the server, ${verb}, then start it ` +
          'again (PGlite is one process: only a closed directory can be copied consistently).',
      );
    }
    throw err;
  }
  try {
    await work();
  } finally {
    await release();
  }
}

/** Moves a non-empty directory aside; answers where, or undefined when there was nothing to keep. */
async function moveAside(dir: string, stamp: string): Promise<string | undefined> {
  if (!existsSync(dir) || (await readdir(dir)).length === 0) return undefined;
  const aside = join(dirname(dir), `${basename(dir)}.before-restore-${stamp}`);
  await rename(dir, aside);
  return aside;
}

async function putBack(dir: string, aside: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  await rename(aside, dir);
}

async function countFiles(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).length;
}

/**
 * Restores a `pg_dump` archive in one transaction. `pg_restore --clean` cannot drop the partitions of a partitioned
 * table (it drops their inherited keys one by one, which PostgreSQL refuses): the job runner's schema has one
 * (pg-boss's `queue_stats`), so that schema is dropped first, in the same transaction. The archive is turned into SQL
 * whole first (a damaged archive stops there, before anything is touched), then the drop and that SQL run through
 * `psql --single-transaction`: all or nothing, as before.
 */
async function restorePostgres(url: string, dumpFile: string, staging: string): Promise<void> {
  const script = join(staging, 'restore.sql');
  const prelude = join(staging, 'restore-prelude.sql');
  await pgTool('pg_restore', [
    '--clean',
    '--if-exists',
    '--no-owner',
    '--no-privileges',
    `--file=${script}`,
    dumpFile,
  ]);
  await writeFile(prelude, `DROP SCHEMA IF EXISTS ${JOBS_SCHEMA} CASCADE;\n`);
  await pgTool('psql', [
    '--single-transaction',
    '--quiet',
    '--no-psqlrc',
    '--set=ON_ERROR_STOP=1',
    `--dbname=${url}`,
    `--file=${prelude}`,
    `--file=${script}`,
  ]);
}

/** Runs pg_dump, pg_restore or psql (Debian's postgresql-client), with its own message when it fails. */
async function pgTool(tool: 'pg_dump' | 'pg_restore' | 'psql', args: string[]): Promise<void> {
  try {
    await run(tool, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT')
      throw new BackupError(
        `${tool} is not installed: install PostgreSQL's client tools (apt-get install postgresql-client).`,
      );
    throw new BackupError(`${tool} failed: ${(e.stderr ?? e.message).trim()}`);
  }
}
