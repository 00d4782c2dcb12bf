import type { DbOrTx } from '../../db/client.js';
import { callerWithMembershipStatement } from '../../access/caller.queries.js';
import { deliveryRecordStatement } from '../../access/delivery-access.js';
import { deliveryDetailStatement, listPageStatement } from './deliveries.queries.js';

/**
 * The statements of the hot delivery reads as pgbench runs them (`bench/sql/*.sql`, run-dbpath-bench.mjs): the
 * server's own SQL with each placeholder written as a pgbench variable (`:companyId`). deliveries-bench-sql.test.ts
 * fails when a shipped file differs, so the bench cannot measure statements the server no longer runs.
 */
export function benchStatements(db: DbOrTx) {
  const caller = pgbenchText(callerWithMembershipStatement(db));
  const page = (order: 'asc' | 'desc') =>
    pgbenchText(listPageStatement(db, { filters: undefined, sort: 'createdAt', order, after: false }));
  const after = pgbenchText(
    listPageStatement(db, { filters: undefined, sort: 'createdAt', order: 'desc', after: true }),
  );
  return {
    'delivery-list-desc.sql': [caller, page('desc')],
    'delivery-list-asc.sql': [caller, page('asc')],
    'delivery-list-after.sql': [after],
    'delivery-list-offset.sql': [page('desc')],
    'delivery-detail.sql': [
      caller,
      pgbenchText(deliveryRecordStatement(db)),
      pgbenchText(deliveryDetailStatement(db)),
    ],
  };
}

function pgbenchText(query: { toSQL(): { sql: string; params: unknown[] } }) {
  const { sql, params } = query.toSQL();
  // pgbench takes any `:name` (not `::`) for a variable, even inside a string literal: a colon in the server's SQL
  // before a letter would be run as something else, so it is refused here (write it as chr(58)).
  const stray = /(?<!:):([A-Za-z_]\w*)/.exec(sql);
  if (stray) throw new Error(`"${stray[0]}" in the SQL would be a pgbench variable`);
  return `${sql.replace(/\$(\d+)/g, (_, n: string) => {
    const param = params[Number(n) - 1] as { name?: unknown } | undefined;
    if (typeof param?.name !== 'string')
      throw new Error(`$${n} is a value, not a placeholder: pgbench cannot vary it`);
    return `:${param.name}`;
  })};`;
}

const headers: Record<string, string[]> = {
  'delivery-list-desc.sql': [
    '-- A delivery-list page built from the database, newest first: the caller, then the page (run-dbpath-bench.mjs).',
    '-- pgbench -D: tokenHash, companySlug, now, companyId. The page and its size vary as the bench asks the server.',
    '\\set perPage random(20, 30)',
    '\\set page random(1, 100)',
    '\\set upTo :page * :perPage',
    '\\set offset :upTo - :perPage',
  ],
  'delivery-list-asc.sql': [
    '-- As delivery-list-desc.sql, oldest first.',
    '\\set perPage random(20, 30)',
    '\\set page random(1, 100)',
    '\\set upTo :page * :perPage',
    '\\set offset :upTo - :perPage',
  ],
  'delivery-list-after.sql': [
    '-- The page after a cursor (keyset, decision 043). pgbench -D: companyId, upTo, perPage, offset, afterKey, afterId.',
  ],
  'delivery-list-offset.sql': ['-- A page by offset. pgbench -D: companyId, upTo, perPage, offset.'],
  'delivery-detail.sql': [
    '-- The delivery detail: the caller, the access read, the detail. pgbench -D: tokenHash, companySlug, now,',
    '-- companyId, deliveryId.',
  ],
};

/** A shipped file's whole text: its header, then the statements (generated; see bench/README.md). */
export function benchFileText(name: string, statements: string[]) {
  return [
    '-- Generated from the server statements (apps/server/src/modules/deliveries/bench-statements.ts); do not edit.',
    ...(headers[name] ?? []),
    ...statements,
    '',
  ].join('\n');
}
