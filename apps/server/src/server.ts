import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type AppConfig } from './config/env.js';
import { openDatabase, type Database } from './db/client.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { DEMO_PASSWORD, DEMO_SIGN_INS, seedDemo } from './seed/demo.seed.js';

const here = dirname(fileURLToPath(import.meta.url));

/** Node.js 22 and 24 are the supported LTS lines (decision 035); older ones no longer get security fixes. */
function nodeIsSupported(): boolean {
  return Number(process.versions.node.split('.')[0]) >= 22;
}

/**
 * Opens and migrates the database, seeding the demo data when asked and not there yet. PGlite's WebAssembly memory
 * never shrinks, so migrating a new embedded database and seeding it inside the server would keep the server at
 * several times its size for good: that first start runs in a child process (`cli/seed-demo`), and the server then
 * opens the prepared directory (decision 040).
 */
async function openSeededDatabase(
  config: AppConfig,
  onConnectionError: (err: Error) => void,
): Promise<{ database: Database; seeded: boolean }> {
  const fresh = config.database.kind === 'pglite' && !existsSync(join(config.database.dataDir, 'PG_VERSION'));
  if (fresh) await runChild('seed-demo');
  const database = await openDatabase(config.database, onConnectionError);
  await database.migrate();
  if (fresh) return { database, seeded: config.SEED_DEMO };
  return { database, seeded: config.SEED_DEMO ? await seedDemo(database.db) : false };
}

/** Runs one of the server's command-line scripts with this process's node, loader and environment. */
async function runChild(name: string): Promise<void> {
  const script = resolve(here, `cli/${name}${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`);
  const child = spawn(process.execPath, [...process.execArgv, script], { stdio: 'inherit' });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`${name} failed (exit ${code ?? 'by signal'}).`);
}

async function main(): Promise<void> {
  const config = loadConfig();
  let logConnectionError = (err: Error) => console.error(err);
  const { database, seeded } = await openSeededDatabase(config, (err) => logConnectionError(err));

  const webDistDir = config.WEB_DIST_DIR || resolve(here, '../../web/dist');
  const app = await buildApp({ config, database, webDistDir });
  logConnectionError = (err) => app.log.warn({ err }, 'a database connection failed; the pool opens another');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  // The banner comes first (issue 39): printed once the port is bound, before the log's own "listening" line.
  let bannerShown = false;
  await app.listen({
    host: config.HOST,
    port: config.PORT,
    listenTextResolver: (address) => {
      if (!bannerShown) console.log(banner(config, database, seeded));
      bannerShown = true;
      return `Server listening at ${address}`;
    },
  });
}

/** What a person starting the server needs: where it runs, the API reference, mail, Node, the database, sign-ins. */
function banner(config: AppConfig, database: Database, seeded: boolean): string {
  const lines = [
    '',
    `  Courier platform is running at ${config.appUrl}`,
    config.apiDocs
      ? `  API reference: ${config.appUrl}/api/docs`
      : '  API reference: off (set API_DOCS=true to serve it at /api/docs)',
    `  Mail: ${config.SMTP_URL ? 'through SMTP_URL' : 'no SMTP_URL, so mail is kept in the outbox (platform admins: GET /api/v1/platform/mail/outbox)'}`,
    `  Node.js ${process.version}${nodeIsSupported() ? '' : ': past its end of life; start through npm (npm start), which runs the Node.js LTS that npm ci installed'}`,
    `  Database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.database.kind === 'pglite' ? config.database.dataDir : ''}` : 'PostgreSQL (DATABASE_URL)'}${seeded ? ' (demo data seeded)' : ''}`,
  ];
  if (config.SEED_DEMO) {
    lines.push(`  Demo sign-ins (password: ${DEMO_PASSWORD}):`);
    for (const s of DEMO_SIGN_INS) lines.push(`    ${s.email.padEnd(24)} ${s.role}`);
  }
  return `${lines.join('\n')}\n`;
}

/** A port another process holds: said in one line, like a bad setting (issue 39). */
function isPortInUse(err: unknown): err is Error & { address?: string; port?: number } {
  return err instanceof Error && (err as { code?: unknown }).code === 'EADDRINUSE';
}

main().catch((err: unknown) => {
  if (isPortInUse(err)) {
    console.error(
      `\n  Cannot start: ${err.address ?? 'the address'}:${err.port ?? '?'} is in use (another server?). Stop it, or set PORT.\n`,
    );
  } else if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(`\n  Cannot start: ${err.message}\n`);
  } else {
    console.error(err);
  }
  process.exit(1);
});
