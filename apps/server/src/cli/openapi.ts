import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/env.js';
import { wrapPglite } from '../db/client.js';

/**
 * Writes the OpenAPI document (decision 038): `npm run openapi -w apps/server` writes apps/server/openapi.json (not
 * committed); a path after `--` writes there, `-` to standard output. The document is the routes', so the app is
 * built as it would start (APP_URL gives its `servers`), on a throwaway database in memory, and nothing listens.
 */
async function main(out: string): Promise<void> {
  const database = wrapPglite(await PGlite.create());
  try {
    await database.migrate();
    // No bus and no mail server: building the app must not reach out to the operator's services.
    const config = {
      ...loadConfig(),
      EVENT_BUS_URL: undefined,
      SMTP_URL: undefined,
      LOG_LEVEL: 'silent' as const,
    };
    const app = await buildApp({ config, database, logger: false });
    try {
      await app.ready();
      const json = `${JSON.stringify(app.swagger(), null, 2)}\n`;
      if (out === '-') process.stdout.write(json);
      else {
        writeFileSync(resolve(out), json);
        console.log(`OpenAPI document written to ${resolve(out)}`);
      }
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

main(process.argv[2] ?? 'openapi.json').catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
