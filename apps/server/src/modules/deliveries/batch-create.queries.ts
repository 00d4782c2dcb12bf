import { and, eq, getTableColumns, sql, type SQL, type SQLChunk } from 'drizzle-orm';
import { PgDialect, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import {
  addresses,
  contacts,
  deliveries,
  deliveryScheduleWindows,
  deliveryStatusRecords,
  deliverySteps,
  deliveryStepTaskContacts,
  deliveryStepTaskParcels,
  deliveryStepTasks,
  parcels,
} from '../../db/schema/index.js';

/** A batch's external ids that deliveries of the company have already, each with its delivery. */
export async function takenExternalIds(
  db: DbOrTx,
  companyId: string,
  externalIds: readonly string[],
): Promise<Map<string, string>> {
  if (externalIds.length === 0) return new Map();
  const rows = await db
    .select({ id: deliveries.id, externalId: deliveries.externalId })
    .from(deliveries)
    .where(
      and(
        eq(deliveries.ownerCompanyId, companyId),
        sql`${deliveries.externalId} = any(${sql.param([...externalIds])}::text[])`,
      ),
    );
  return new Map(rows.map((r) => [r.externalId!, r.id]));
}

type Row = Record<string, unknown>;

/** The rows of a set of new deliveries, table by table, each row keyed as Drizzle's `.values()` takes it. */
export interface DeliverySetRows {
  deliveries: Row[];
  statusRecords: Row[];
  scheduleWindows: Row[];
  addresses: Row[];
  steps: Row[];
  tasks: Row[];
  contacts: Row[];
  taskContacts: Row[];
  parcels: Row[];
  taskParcels: Row[];
}

/** Each delivery of a set is a microsecond after the one before it (`x.n` is its place, from 1). */
const createdAt = sql`now() + x.n * interval '1 microsecond'`;

/**
 * The tables in the order the statement writes them, each with the columns it gives from SQL rather than from the
 * rows: times are the transaction's, as a create alone writes them, except that each delivery is a microsecond after
 * the one before it, so a list by creation shows the set in its order, as one create after another would. A delivery
 * moved to `scheduled` gives its own `liveStatusChangedAt` and `updatedAt`, its `scheduled` record its own time.
 */
const TABLES: [keyof DeliverySetRows, PgTable, Record<string, SQL>?][] = [
  [
    'deliveries',
    deliveries,
    {
      createdAt,
      liveStatusChangedAt: sql`coalesce(x."liveStatusChangedAt", ${createdAt})`,
      quoteStatusChangedAt: createdAt,
      updatedAt: sql`coalesce(x."updatedAt", ${createdAt})`,
    },
  ],
  ['statusRecords', deliveryStatusRecords, { createdAt: sql`coalesce(x."createdAt", now())` }],
  ['scheduleWindows', deliveryScheduleWindows],
  ['addresses', addresses],
  ['steps', deliverySteps],
  ['tasks', deliveryStepTasks],
  ['contacts', contacts],
  ['taskContacts', deliveryStepTaskContacts],
  ['parcels', parcels],
  ['taskParcels', deliveryStepTaskParcels],
];

const list = (parts: SQLChunk[]) => sql.join(parts, sql`, `);

/**
 * `insert into <table> (…) select … from <rows>`: the rows travel as one JSON parameter (so no statement nears
 * PostgreSQL's 65,535 bind parameters, whatever the set's size), read back with the schema's column types; the columns
 * are the rows' keys (Drizzle's property names), and `computed` gives a column from SQL instead, which may read the
 * row's fields (`x."key"`) and its place in the list (`x.n`, from 1).
 */
function insertFrom(table: PgTable, param: string, keys: readonly string[], computed: Record<string, SQL>) {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const column = (key: string) => {
    const c = columns[key];
    if (!c) throw new Error(`insertDeliverySet: no column ${key}`);
    return c;
  };
  const names = [...new Set([...keys, ...Object.keys(computed)])];
  return sql`insert into ${table} (${list(names.map((k) => sql.identifier(column(k).name)))})
    select ${list(names.map((k) => computed[k] ?? sql`x.${sql.identifier(k)}`))}
      from rows from (json_to_recordset(${sql.placeholder(param)}::json)
             as (${list(keys.map((k) => sql`${sql.identifier(k)} ${sql.raw(column(k).getSQLType())}`))}))
           with ordinality as x(${list(keys.map((k) => sql.identifier(k)))}, n)`;
}

const dialect = new PgDialect();
/** The statements made so far, by the tables a set fills and their keys: a few shapes, each prepared once. */
const statements = new Map<string, { query: ReturnType<PgDialect['sqlToQuery']>; name: string }>();

/** The keys of a table's rows, which must be the same in every row (they name the columns). */
function keysOf(name: string, rows: readonly Row[]): string[] {
  const keys = Object.keys(rows[0]!);
  for (const row of rows) {
    if (Object.keys(row).length !== keys.length || keys.some((k) => !(k in row)))
      throw new Error(`insertDeliverySet: the ${name} rows must have the same keys (${keys.join(', ')})`);
  }
  return keys;
}

/**
 * Writes a set of new deliveries with all their rows in one statement, one multi-row insert per table. Ids are the
 * server's, so no row waits for another's `returning`; the foreign keys are checked at the statement's end, when every
 * table has its rows. The statement is named and prepared once per shape (the tables a set fills, their keys).
 */
export async function insertDeliverySet(tx: DbOrTx, set: DeliverySetRows): Promise<void> {
  const filled = TABLES.filter(([name]) => set[name].length > 0).map(
    ([name, table, computed]) => [name, table, computed ?? {}, keysOf(name, set[name])] as const,
  );
  if (filled.length === 0) return;
  const shape = filled.map(([name, , , keys]) => `${name}(${keys.join(',')})`).join(' ');
  let statement = statements.get(shape);
  if (!statement) {
    const ctes = filled.map(
      ([name, table, computed, keys]) =>
        sql`${sql.identifier(name)} as (${insertFrom(table, name, keys, computed)})`,
    );
    statement = {
      query: dialect.sqlToQuery(sql`with ${list(ctes)} select 1`),
      name: `delivery_set_${statements.size + 1}`,
    };
    statements.set(shape, statement);
  }
  const params = Object.fromEntries(filled.map(([name]) => [name, JSON.stringify(set[name])]));
  await tx._.session.prepareQuery(statement.query, undefined, statement.name, false).execute(params);
}
