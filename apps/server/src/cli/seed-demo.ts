import { loadConfig } from '../config/env.js';
import { openDatabase } from '../db/client.js';
import { DataDirLockedError } from '../db/data-dir-lock.js';
import { seedDemo } from '../seed/demo.seed.js';

/**
 * Migrates the database and, with SEED_DEMO, seeds the demo data, then exits. The server runs it as a child process
 * on the first start of a new embedded database (decision 040): PGlite's WebAssembly memory never shrinks, so doing
 * this inside the server would leave the server holding every page it touched.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    await database.migrate();
    if (config.SEED_DEMO) await seedDemo(database.db);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof DataDirLockedError ? `\n  Cannot start: ${err.message}\n` : err);
  process.exitCode = 1;
});
