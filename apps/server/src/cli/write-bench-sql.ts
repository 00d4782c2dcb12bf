// Writes the SQL files the deliveries' pgbench comparison runs (bench/sql/) from the server's own statements:
// `npm run build -w apps/server && node apps/server/dist/cli/write-bench-sql.js bench/sql`. A test fails when a
// shipped file differs from what this writes.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import * as schema from '../db/schema/index.js';
import { benchFileText, benchStatements } from '../modules/deliveries/index.js';

const dir = process.argv[2];
if (!dir) throw new Error('usage: write-bench-sql <directory>');
// Only renders SQL (no connection): the statements are never executed here.
const db = drizzle.mock({ schema });
for (const [name, statements] of Object.entries(benchStatements(db)))
  writeFileSync(join(dir, name), benchFileText(name, statements));
