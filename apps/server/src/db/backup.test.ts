import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { openPostgres, wrapPglite, type Database } from './client.js';
import { BackupError, backupData, restoreData } from './backup.js';
import { lockDataDir } from './data-dir-lock.js';
import { companies } from './schema/index.js';
import { createCompany } from '../test/factories.js';
import { openTestDatabase } from '../test/test-app.js';

const work = mkdtempSync(join(tmpdir(), 'courier-backup-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const testDb = inject('testDb');
const filesDir = join(work, 'files');
const archive = join(work, 'out', 'backup.tar');

/** The database kind the suite runs on, at a place the backup commands can reach (a directory, or a URL). */
async function databaseUnderTest() {
  if (testDb.kind === 'pglite') {
    const dataDir = join(work, 'pglite');
    const snapshot = new Blob([readFileSync(testDb.snapshotPath)]);
    await (await PGlite.create({ dataDir, loadDataDir: snapshot })).close();
    const config = { database: { kind: 'pglite' as const, dataDir }, filesDir };
    return { config, open: async () => wrapPglite(await PGlite.create({ dataDir })), drop: async () => {} };
  }
  const database = await openTestDatabase();
  const url = database.url!;
  const config = { database: { kind: 'postgres' as const, url, poolSize: 1 }, filesDir };
  return { config, open: () => Promise.resolve(openPostgres(url, 1)), drop: () => database.close() };
}

async function companyNames(open: () => Promise<Database>): Promise<string[]> {
  const database = await open();
  try {
    return (await database.db.select({ name: companies.name }).from(companies)).map((c) => c.name).sort();
  } finally {
    await database.close();
  }
}

describe(`backup and restore (${testDb.kind})`, () => {
  it('restores the database and the uploaded files as they were, keeping what it replaced aside', async () => {
    const { config, open, drop } = await databaseUnderTest();
    try {
      let database = await open();
      await createCompany(database.db, { name: 'Kept Freight' });
      await database.close();
      mkdirSync(join(filesDir, 'ab'), { recursive: true });
      writeFileSync(join(filesDir, 'ab', 'proof.png'), 'the original proof');

      const manifest = await backupData(config, archive);
      expect(manifest).toMatchObject({ format: 1, database: testDb.kind, files: 1 });
      expect(readdirSync(join(work, 'out'))).toEqual(['backup.tar']);

      // Life goes on after the backup: a company is added, the file is lost, another one arrives.
      database = await open();
      await createCompany(database.db, { name: 'Later Logistics' });
      await database.close();
      rmSync(join(filesDir, 'ab', 'proof.png'));
      writeFileSync(join(filesDir, 'ab', 'later.pdf'), 'a later file');
      expect(await companyNames(open)).toEqual(['Kept Freight', 'Later Logistics']);

      const restored = await restoreData(config, archive);
      expect(restored.manifest.createdAt).toBe(manifest.createdAt);
      expect(await companyNames(open)).toEqual(['Kept Freight']);
      expect(readFileSync(join(filesDir, 'ab', 'proof.png'), 'utf8')).toBe('the original proof');
      expect(existsSync(join(filesDir, 'ab', 'later.pdf'))).toBe(false);
      // Nothing was deleted: the files (and PGlite's directory) that were replaced are kept beside them.
      const filesAside = restored.keptAside.find((d) => d.includes('files.before-restore-'));
      expect(readFileSync(join(filesAside!, 'ab', 'later.pdf'), 'utf8')).toBe('a later file');
      expect(restored.keptAside).toHaveLength(testDb.kind === 'pglite' ? 2 : 1);
    } finally {
      await drop();
    }
  });

  it('refuses a file that is not a backup, and a backup of the other kind of database, touching nothing', async () => {
    const notABackup = join(work, 'notes.txt');
    writeFileSync(notABackup, 'hello');
    const config = { database: { kind: 'pglite' as const, dataDir: join(work, 'untouched') }, filesDir };
    await expect(restoreData(config, notABackup)).rejects.toThrow(/is not a backup made by "npm run backup"/);
    await expect(restoreData(config, join(work, 'missing.tar'))).rejects.toThrow(/There is no backup file/);

    const other =
      testDb.kind === 'pglite'
        ? {
            database: { kind: 'postgres' as const, url: 'postgres://nobody@127.0.0.1:1/none', poolSize: 1 },
            filesDir,
          }
        : config;
    await expect(restoreData(other, archive)).rejects.toThrow(
      /This backup holds .*, but this server is set up for .*Restore it with the same database settings/,
    );
    expect(existsSync(join(work, 'untouched'))).toBe(false);
  });

  it.runIf(testDb.kind === 'pglite')(
    'will not copy an embedded database that a running server holds',
    async () => {
      const dataDir = join(work, 'pglite');
      const release = await lockDataDir(dataDir);
      try {
        const config = { database: { kind: 'pglite' as const, dataDir }, filesDir };
        const attempt = backupData(config, join(work, 'held.tar'));
        await expect(attempt).rejects.toBeInstanceOf(BackupError);
        await expect(attempt).rejects.toThrow(
          /in use by a running server\. Stop the server, back up, then start it again/,
        );
        expect(existsSync(join(work, 'held.tar'))).toBe(false);
      } finally {
        await release();
      }
    },
  );
});
