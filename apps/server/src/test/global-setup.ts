import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../config/env.js';
import { openPostgres, wrapPglite } from '../db/client.js';
import { databaseUrlWithName, newTemplateName } from './pg-names.js';

declare module 'vitest' {
  export interface ProvidedContext {
    testDb: { kind: 'pglite'; snapshotPath: string } | { kind: 'postgres'; url: string; template: string };
  }
}

export default async function setup(project: TestProject) {
  const config = loadConfig();
  if (config.database.kind === 'postgres') {
    const url = config.database.url;
    const TEMPLATE_DB = newTemplateName();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
    await admin.end();
    const template = openPostgres(databaseUrlWithName(url, TEMPLATE_DB), 1);
    await template.migrate();
    await template.close();
    project.provide('testDb', { kind: 'postgres', url, template: TEMPLATE_DB });
    return async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
      await c.end();
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'courier-test-'));
  const client = await PGlite.create();
  const database = wrapPglite(client);
  await database.migrate();
  const dump = await client.dumpDataDir('gzip');
  const snapshotPath = join(dir, 'migrated.tar.gz');
  writeFileSync(snapshotPath, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('testDb', { kind: 'pglite', snapshotPath });
  return () => rmSync(dir, { recursive: true, force: true });
}
