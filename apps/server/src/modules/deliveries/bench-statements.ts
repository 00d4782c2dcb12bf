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
    'delivery-detail.sql': [caller, pgbenchText(deliveryRecordStatement(db)), pgbenchText(deliveryDetailStatement(db))],
  };
}

function pgbenchText(query: { toSQL(): { sql: string; params: unknown[] } }) {
  const { sql, params } = query.toSQL();
  return `${sql.replace(/\$(\d+)/g, (_, n: string) => {
    const param = params[Number(n) - 1] as { name?: unknown } | undefined;
    if (typeof param?.name !== 'string') throw new Error(`$${n} is a value, not a placeholder: pgbench cannot vary it`);
    return `:${param.name}`;
  })};`;
}
