import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { decodeDeliveryCursor, encodeDeliveryCursor, type DeliveryListQuerySchema } from '@courier/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import {
  companyDeliveryCounts,
  deliveries,
  deliveryAssignments,
  deliveryQuotes,
  deliveryScheduleWindows,
  deliverySteps,
  deliveryStepTasks,
} from '../../db/schema/index.js';
import { likePattern } from '../../lib/like.js';
import { proofsJson } from '../documents/index.js';
import { latestNotesJson } from '../notes/index.js';
import type { VersionedCache } from '../../lib/versioned-cache.js';
import type { DeliveryAccess } from '../../access/delivery-access.js';
import { deliveryAnswerColumns } from './delivery-answer.queries.js';

type ListQuery = z.output<typeof DeliveryListQuerySchema>;

export const deliveryColumns = {
  id: deliveries.id,
  name: deliveries.name,
  description: deliveries.description,
  isActive: deliveries.isActive,
  liveStatusSlug: deliveries.liveStatusSlug,
  quoteStatusSlug: deliveries.quoteStatusSlug,
  cancelTypeSlug: deliveries.cancelTypeSlug,
  liveStatusChangedAt: deliveries.liveStatusChangedAt,
  quoteStatusChangedAt: deliveries.quoteStatusChangedAt,
  startedAt: deliveries.startedAt,
  completedAt: deliveries.completedAt,
  originatorSlug: deliveries.originatorSlug,
  originatorAccountId: deliveries.originatorAccountId,
  isScheduled: deliveries.isScheduled,
  distanceM: deliveries.distanceM,
  originalDistanceM: deliveries.originalDistanceM,
  durationS: deliveries.durationS,
  originalDurationS: deliveries.originalDurationS,
  maxVolumeCm3: deliveries.maxVolumeCm3,
  maxWeightKg: deliveries.maxWeightKg,
  currencyCode: deliveries.currencyCode,
  maxParcelPriceMinor: deliveries.maxParcelPriceMinor,
  externalId: deliveries.externalId,
  activeStepId: deliveries.activeStepId,
  activeTaskId: deliveries.activeTaskId,
  lat: deliveries.lat,
  lng: deliveries.lng,
  trackingCode: deliveries.trackingCode,
  handoverPin: deliveries.handoverPin,
  trackingToken: deliveries.trackingToken,
  ownerCompanyId: deliveries.ownerCompanyId,
  carrierCompanyId: deliveries.carrierCompanyId,
  createdAt: deliveries.createdAt,
};
export type DeliveryRow = {
  [K in keyof typeof deliveryColumns]:
    | (typeof deliveryColumns)[K]['_']['data']
    | ((typeof deliveryColumns)[K]['_']['notNull'] extends true ? never : null);
};

const sorts = { createdAt: deliveries.createdAt, name: deliveries.name, status: deliveries.liveStatusSlug };

/** The list's filters, without the visibility rule (each arm of the page query adds its own). */
function listFilters(q: ListQuery): SQL | undefined {
  const c: (SQL | undefined)[] = [];
  if (q.externalId) c.push(eq(deliveries.externalId, q.externalId));
  // The search finds a name, a tracking code, or the client's order number.
  if (q.search)
    c.push(
      or(
        ilike(deliveries.name, likePattern(q.search)),
        eq(deliveries.trackingCode, q.search.toUpperCase()),
        eq(deliveries.externalId, q.search),
      ),
    );
  if (q.status) c.push(eq(deliveries.liveStatusSlug, q.status));
  if (q.from) c.push(gte(deliveries.createdAt, new Date(q.from)));
  if (q.to) {
    // A bare date includes the whole day.
    const end = new Date(q.to);
    if (/^\d{4}-\d{2}-\d{2}$/.test(q.to)) end.setUTCDate(end.getUTCDate() + 1);
    c.push(lt(deliveries.createdAt, end));
  }
  if (q.driver) {
    c.push(
      inArray(
        deliveries.id,
        sql`(select ${deliveryAssignments.deliveryId} from ${deliveryAssignments} where ${deliveryAssignments.unassignedAt} is null and ${q.driver}::uuid = any(${deliveryAssignments.driverUserIds}))`,
      ),
    );
  }
  return c.length ? and(...c) : undefined;
}

/** Owned deliveries, and carried ones the company does not also own: two arms that never overlap. */
const arms = (companyId: SQL | string) => [
  eq(deliveries.ownerCompanyId, companyId),
  and(eq(deliveries.carrierCompanyId, companyId), sql`${deliveries.ownerCompanyId} <> ${companyId}`)!,
];

/** The sort key as PostgreSQL's text, so a cursor keeps a timestamp's microseconds (decision 043). */
const keyCasts = { createdAt: sql.raw('timestamptz'), name: sql.raw('text'), status: sql.raw('text') };

/**
 * The statement of one list page. Its values are placeholders (`companyId`, `upTo`: rows each arm reads, `perPage`,
 * `offset`; with `after`, the cursor's `afterKey` and `afterId`), so the hot shape (no filter, by creation date) is a
 * named prepared statement and the bench gives pgbench this very text (`bench/sql/`, checked by deliveries.test.ts).
 * Keyset (decision 043): after a cursor each arm reads the `perPage` rows past it from its index, at any depth.
 * Each row is read as its answer's JSON pieces (decision 048).
 */
export function listPageStatement(
  db: DbOrTx,
  opts: { filters: SQL | undefined; sort: ListQuery['sort']; order: ListQuery['order']; after: boolean },
) {
  const column = sorts[opts.sort];
  const dir = opts.order === 'asc' ? asc : desc;
  const past = opts.after
    ? sql`(${column}, ${deliveries.id}) ${sql.raw(opts.order === 'asc' ? '>' : '<')} (${sql.placeholder('afterKey')}::${keyCasts[opts.sort]}, ${sql.placeholder('afterId')}::uuid)`
    : undefined;
  const [first, second] = arms(sql`${sql.placeholder('companyId')}::uuid`).map((visible) =>
    db
      .select({ id: deliveries.id, sortKey: sql`${column}`.as('sort_key') })
      .from(deliveries)
      .where(and(visible, opts.filters, past))
      .orderBy(dir(column), dir(deliveries.id))
      .limit(sql.placeholder('upTo')),
  );
  const direction = sql.raw(opts.order);
  const pageIds = sql`(select id from ((${first}) union all (${second})) page order by sort_key ${direction}, id ${direction} limit ${sql.placeholder('perPage')} offset ${sql.placeholder('offset')})`;
  return db
    .select({ ...deliveryAnswerColumns, sortText: sql<string>`${column}::text` })
    .from(deliveries)
    .where(inArray(deliveries.id, pageIds))
    .orderBy(dir(column), dir(deliveries.id));
}

/** The hot shapes (no filter, by creation date, either order, with or without a cursor), prepared once per pool. */
function prepareHotPages(db: Db) {
  const named = (order: 'asc' | 'desc', after: boolean) =>
    listPageStatement(db, { filters: undefined, sort: 'createdAt', order, after }).prepare(
      `delivery_page_${order}${after ? '_after' : ''}`,
    );
  return {
    desc: named('desc', false),
    desc_after: named('desc', true),
    asc: named('asc', false),
    asc_after: named('asc', true),
  };
}
const hotPages = new WeakMap<Db, ReturnType<typeof prepareHotPages>>();

/**
 * One page of deliveries the company owns or carries, and the total behind it. `owner OR carrier` defeats the
 * indexes, so the page's ids come from a union of two index scans (each limited to the rows the page needs), read
 * in the same statement as the rows' answers (decision 048). Totals are counted once per filter and data version.
 * With a cursor the page is the rows after it; `nextCursor` is where the page ends when it is full.
 */
export async function listDeliveryRows(
  db: Db,
  opts: { companyId: string; query: ListQuery; version: number; totals: VersionedCache<number> },
) {
  const { query } = opts;
  const after = query.cursor === undefined ? undefined : decodeDeliveryCursor(query.cursor);
  // The contract refused any other cursor (422); this only narrows the type.
  if (query.cursor !== undefined && !after) throw new Error('an invalid cursor passed the contract');
  const filters = listFilters(query);
  const upTo = after ? query.per_page : query.page * query.per_page;
  const values = {
    companyId: opts.companyId,
    upTo,
    perPage: query.per_page,
    offset: upTo - query.per_page,
    afterKey: after?.key,
    afterId: after?.id,
  };
  let statement;
  if (!filters && query.sort === 'createdAt') {
    let hot = hotPages.get(db);
    if (!hot) hotPages.set(db, (hot = prepareHotPages(db)));
    statement = hot[after ? (`${query.order}_after` as const) : query.order];
  } else {
    statement = listPageStatement(db, { filters, sort: query.sort, order: query.order, after: !!after });
  }
  const { page: _p, per_page: _pp, sort: _s, order: _o, cursor: _c, ...filterKey } = query;
  const [rows, total] = await Promise.all([
    statement.execute(values),
    opts.totals.get(`${opts.companyId}:${JSON.stringify(filterKey)}`, opts.version, () =>
      countDeliveries(db, opts.companyId, filterKey, filters),
    ),
  ]);
  const last = rows.at(-1);
  const nextCursor =
    last && rows.length === query.per_page
      ? encodeDeliveryCursor({ sort: query.sort, order: query.order, key: last.sortText, id: last.id })
      : undefined;
  return { rows, total, nextCursor };
}

/**
 * The list's total. Without filters, or with only a status, it is read from the counts the triggers keep
 * (`company_delivery_counts`, migration 0013); otherwise the matching rows of both arms are counted.
 */
async function countDeliveries(
  db: DbOrTx,
  companyId: string,
  filterKey: Omit<ListQuery, 'page' | 'per_page' | 'sort' | 'order' | 'cursor'>,
  filters: SQL | undefined,
) {
  // Every filter but the status (including any added later) needs the rows themselves.
  const { status, ...others } = filterKey;
  if (Object.values(others).every((v) => v === undefined)) {
    const [row] = await db
      .select({ n: sql<string | number | null>`sum(${companyDeliveryCounts.n})` })
      .from(companyDeliveryCounts)
      .where(
        and(
          eq(companyDeliveryCounts.companyId, companyId),
          status ? eq(companyDeliveryCounts.liveStatusSlug, status) : undefined,
        ),
      );
    return Number(row?.n ?? 0);
  }
  const counts = await Promise.all(
    arms(companyId).map((visible) => db.select({ n: count() }).from(deliveries).where(and(visible, filters))),
  );
  return counts.reduce((sum, [r]) => sum + (r?.n ?? 0), 0);
}

/**
 * The delivery's detail in one statement (decision 043): its answer's JSON pieces (decision 048), its proofs and the
 * viewing company's five latest notes with their mentions, as JSON columns. Placeholders `deliveryId` and `companyId`: a
 * named prepared statement, and the text the detail's bench gives pgbench (bench/sql/, checked by a test).
 */
export function deliveryDetailStatement(db: DbOrTx) {
  const companyId = sql`${sql.placeholder('companyId')}::uuid`;
  return db
    .select({
      ...deliveryAnswerColumns,
      documentsJson: proofsJson(deliveryId),
      notesJson: latestNotesJson({ companyId, type: 'deliveries', noteableId: deliveryId, count: 5 }),
    })
    .from(deliveries)
    .where(eq(deliveries.id, sql.placeholder('deliveryId')));
}
const preparedDetails = new WeakMap<Db, ReturnType<typeof prepareDetail>>();
const prepareDetail = (db: Db) => deliveryDetailStatement(db).prepare('delivery_detail');

export async function findDeliveryDetailRow(db: Db, { deliveryId }: DeliveryAccess, companyId: string) {
  let statement = preparedDetails.get(db);
  if (!statement) preparedDetails.set(db, (statement = prepareDetail(db)));
  const [row] = await statement.execute({ deliveryId, companyId });
  return row;
}

/** The deliveries of these accesses with their children, in one statement. */
export function listDeliveryRowsOf(db: DbOrTx, accesses: readonly DeliveryAccess[]) {
  return db
    .select(deliveryWithChildrenColumns)
    .from(deliveries)
    .where(
      inArray(
        deliveries.id,
        accesses.map((a) => a.deliveryId),
      ),
    );
}

export async function findDeliveryRow(db: DbOrTx, { deliveryId }: DeliveryAccess) {
  const [row] = await db
    .select(deliveryWithChildrenColumns)
    .from(deliveries)
    .where(eq(deliveries.id, deliveryId))
    .limit(1);
  return row;
}

/**
 * A delivery's children (windows, steps with their tasks, quote ids, open assignments) as JSON columns built by
 * PostgreSQL, so a page of deliveries is read in one statement instead of one per child list.
 */
// Written out in full: inside a select list Drizzle renders a column without its table, which would bind to the
// subquery's own `id`.
const deliveryId = sql.raw('"deliveries"."id"');
const childColumns = {
  windowsJson: sql<string>`coalesce((select json_agg(json_build_object('typeSlug', w.type_slug, 'startAt', w.start_at, 'endAt', w.end_at) order by w.start_at, w.id) from ${deliveryScheduleWindows} w where w.delivery_id = ${deliveryId}), '[]')::text`,
  stepsJson: sql<string>`coalesce((select json_agg(json_build_object('id', s.id, 'stepOrderNo', s.step_order_no, 'locationRouteId', s.location_route_id, 'tasks', coalesce((select json_agg(json_build_object('id', t.id, 'typeSlug', t.type_slug) order by t.task_order_no, t.id) from ${deliveryStepTasks} t where t.step_id = s.id), '[]')) order by s.step_order_no) from ${deliverySteps} s where s.delivery_id = ${deliveryId}), '[]')::text`,
  quotesJson: sql<string>`coalesce((select json_agg(q.id order by q.created_at, q.id) from ${deliveryQuotes} q where q.delivery_id = ${deliveryId}), '[]')::text`,
  assignmentsJson: sql<string>`coalesce((select json_agg(json_build_object('vehicleId', a.vehicle_id, 'driverUserIds', a.driver_user_ids) order by a.assigned_at, a.id) from ${deliveryAssignments} a where a.delivery_id = ${deliveryId} and a.unassigned_at is null), '[]')::text`,
};
export const deliveryWithChildrenColumns = { ...deliveryColumns, ...childColumns };

interface ChildJson {
  windowsJson: string;
  stepsJson: string;
  quotesJson: string;
  assignmentsJson: string;
}

/** Turns the JSON columns of rows into the children the presenter takes. */
export function childrenOf(rows: (DeliveryRow & ChildJson)[]) {
  const children = {
    windows: [] as { deliveryId: string; typeSlug: string; startAt: Date; endAt: Date }[],
    steps: [] as { id: string; deliveryId: string; stepOrderNo: number; locationRouteId: string | null }[],
    tasks: [] as { id: string; stepId: string; typeSlug: string }[],
    quotes: [] as { id: string; deliveryId: string }[],
    assignments: [] as { deliveryId: string; vehicleId: string; driverUserIds: string[] }[],
  };
  for (const r of rows) {
    for (const w of JSON.parse(r.windowsJson) as { typeSlug: string; startAt: string; endAt: string }[]) {
      children.windows.push({
        deliveryId: r.id,
        typeSlug: w.typeSlug,
        startAt: new Date(w.startAt),
        endAt: new Date(w.endAt),
      });
    }
    for (const s of JSON.parse(r.stepsJson) as {
      id: string;
      stepOrderNo: number;
      locationRouteId: string | null;
      tasks: { id: string; typeSlug: string }[];
    }[]) {
      children.steps.push({
        id: s.id,
        deliveryId: r.id,
        stepOrderNo: s.stepOrderNo,
        locationRouteId: s.locationRouteId,
      });
      for (const t of s.tasks) children.tasks.push({ id: t.id, stepId: s.id, typeSlug: t.typeSlug });
    }
    for (const id of JSON.parse(r.quotesJson) as string[]) children.quotes.push({ id, deliveryId: r.id });
    for (const a of JSON.parse(r.assignmentsJson) as { vehicleId: string; driverUserIds: string[] }[]) {
      children.assignments.push({ deliveryId: r.id, vehicleId: a.vehicleId, driverUserIds: a.driverUserIds });
    }
  }
  return children;
}
export type DeliveryChildren = ReturnType<typeof childrenOf>;
