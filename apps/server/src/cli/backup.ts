import { loadConfig, ConfigError } from '../config/env.js';
import { BackupError, backupData, restoreData } from '../db/backup.js';

const USAGE = `Usage:
  npm run backup [-- FILE]    write the database and the uploaded files to FILE
                              (default: courier-backup-<date>.tar in the current directory)
  npm run restore -- FILE     put a backup back (stop the server first); what was there is kept aside

The database and the files are those the server would use: DATABASE_URL, or the embedded PGlite under DATA_DIR,
and FILES_DIR (docs/decisions/039-backups.md).`;

async function main(): Promise<void> {
  const [command, file] = process.argv.slice(2);
  if (command === 'backup') {
    const out = file ?? `courier-backup-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')}.tar`;
    const config = loadConfig();
    const manifest = await backupData(config, out);
    console.log(
      `Backed up ${manifest.database === 'pglite' ? 'the embedded database' : 'PostgreSQL'} and ${manifest.files} uploaded files to ${out}`,
    );
    return;
  }
  if (command === 'restore' && file) {
    const config = loadConfig();
    const { manifest, keptAside } = await restoreData(config, file);
    console.log(
      `Restored the backup of ${manifest.createdAt} (${manifest.files} uploaded files) from ${file}`,
    );
    for (const dir of keptAside) console.log(`  what was there before is kept in ${dir}`);
    return;
  }
  console.error(USAGE);
  process.exitCode = 2;
}

main().catch((err: unknown) => {
  if (err instanceof BackupError || err instanceof ConfigError) console.error(`\n  ${err.message}\n`);
  else console.error(err);
  process.exitCode = 1;
});
