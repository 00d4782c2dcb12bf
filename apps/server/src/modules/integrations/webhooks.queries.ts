import { and, count, desc, eq, inArray, isNotNull, lte, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/executed-rows.js';
import { companies, webhookAttempts, webhookEndpoints, webhookMessages } from '../../db/schema/index.js';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;

/** The company's endpoints with their waiting messages and their last try, oldest first. */
export async function listEndpointRows(db: DbOrTx, companyId: string, endpointId?: string) {
  const pending = db
    .select({ endpointId: webhookMessages.endpointId, n: count().as('n') })
    .from(webhookMessages)
    .where(eq(webhookMessages.status, 'pending'))
    .groupBy(webhookMessages.endpointId)
    .as('pending');
  const rows = await db
    .select({
      endpoint: webhookEndpoints,
      pending: sql<number>`coalesce(${pending.n}, 0)::int`,
      lastAttempt: sql<{ at: string; statusCode: number | null; ok: boolean } | null>`(
        select json_build_object('at', a.created_at, 'statusCode', a.status_code, 'ok', a.ok)
          from ${webhookAttempts} a where a.endpoint_id = ${webhookEndpoints.id}
         order by a.created_at desc limit 1)`,
    })
    .from(webhookEndpoints)
    .leftJoin(pending, eq(pending.endpointId, webhookEndpoints.id))
    .where(
      and(
        eq(webhookEndpoints.companyId, companyId),
        endpointId ? eq(webhookEndpoints.id, endpointId) : undefined,
      ),
    )
    .orderBy(webhookEndpoints.createdAt, webhookEndpoints.id);
  return rows;
}

export async function countEndpoints(db: DbOrTx, companyId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.companyId, companyId));
  return row?.n ?? 0;
}

export async function findEndpoint(db: DbOrTx, companyId: string, id: string) {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.companyId, companyId), eq(webhookEndpoints.id, id)));
  return row;
}

/**
 * The endpoints of these companies that hear events: those on, and those the server turned off because they kept
 * failing (their messages wait to be sent when an admin turns them on again, nothing lost meanwhile); not those an
 * admin turned off. With each company's type (to read deliveries as it).
 */
export async function enabledEndpointsOf(db: DbOrTx, companyIds: readonly string[]) {
  if (companyIds.length === 0) return [];
  return db
    .select({
      id: webhookEndpoints.id,
      companyId: webhookEndpoints.companyId,
      companyTypeSlug: companies.companyTypeSlug,
      events: webhookEndpoints.events,
    })
    .from(webhookEndpoints)
    .innerJoin(companies, eq(companies.id, webhookEndpoints.companyId))
    .where(
      and(
        inArray(webhookEndpoints.companyId, [...companyIds]),
        or(eq(webhookEndpoints.isEnabled, true), isNotNull(webhookEndpoints.disabledReason)),
      ),
    );
}

export type NewMessage = typeof webhookMessages.$inferInsert;

/**
 * The endpoint and order key pairs (`endpointId orderKey`) with a message of this type made since `since`: what a
 * throttled type (a delivery's positions) skips until its time comes again.
 */
export async function recentMessageKeys(
  db: DbOrTx,
  opts: { endpointIds: readonly string[]; eventType: string; since: Date },
): Promise<Set<string>> {
  if (opts.endpointIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ endpointId: webhookMessages.endpointId, orderKey: webhookMessages.orderKey })
    .from(webhookMessages)
    .where(
      and(
        inArray(webhookMessages.endpointId, [...opts.endpointIds]),
        sql`${webhookMessages.createdAt} >= ${opts.since.toISOString()}::timestamptz`,
        eq(webhookMessages.eventType, opts.eventType),
      ),
    );
  return new Set(rows.map((r) => `${r.endpointId} ${r.orderKey}`));
}

export async function insertMessages(db: DbOrTx, rows: readonly NewMessage[]) {
  if (rows.length > 0) await db.insert(webhookMessages).values([...rows]);
}

/**
 * A pending message `m` is the next of its endpoint and order key (its delivery, its auction): no earlier one of the
 * same key waits. What keeps an endpoint's messages about one thing in order, for the claim and for the next due time.
 */
const firstOfItsKey = sql`not exists (
  select 1 from ${webhookMessages} p
   where p.endpoint_id = m.endpoint_id and p.order_key = m.order_key and p.status = 'pending' and p.seq < m.seq)`;

/** A message to send now: its body, its endpoint's address and the secrets that sign. */
export interface ClaimedMessage {
  id: string;
  endpointId: string;
  companyId: string;
  eventType: string;
  body: string;
  attempts: number;
  url: string;
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
  createdAt: Date;
}

/**
 * Claims up to `limit` messages due now, of enabled endpoints, each the oldest pending one of its endpoint and order
 * key (so an endpoint hears about one delivery in order): each is leased to this sender for `leaseSeconds`, after
 * which another may take it (a sender that died). Rows other senders are claiming are skipped.
 */
export async function claimDueMessages(
  db: DbOrTx,
  limit: number,
  leaseSeconds: number,
): Promise<ClaimedMessage[]> {
  const rows = rowsOf<{
    id: string;
    endpoint_id: string;
    company_id: string;
    event_type: string;
    body: string;
    attempts: number;
    url: string;
    secret: string;
    previous_secret: string | null;
    previous_secret_expires_at: string | Date | null;
    created_at: string | Date;
  }>(
    await db.execute(sql`
      with due as (
        select m.id from ${webhookMessages} m
          join ${webhookEndpoints} e on e.id = m.endpoint_id and e.is_enabled
         where m.status = 'pending' and m.next_attempt_at <= now()
           and (m.lease_until is null or m.lease_until < now())
           and ${firstOfItsKey}
         order by m.next_attempt_at, m.seq
         limit ${limit}
           for update of m skip locked)
      update ${webhookMessages} m set lease_until = now() + make_interval(secs => ${leaseSeconds})
        from due, ${webhookEndpoints} e
       where m.id = due.id and e.id = m.endpoint_id
      returning m.id, m.endpoint_id, e.company_id, m.event_type, m.body, m.attempts, m.created_at,
                e.url, e.secret, e.previous_secret, e.previous_secret_expires_at`),
  );
  const date = (v: string | Date) => (v instanceof Date ? v : new Date(v));
  return rows.map((r) => ({
    id: r.id,
    endpointId: r.endpoint_id,
    companyId: r.company_id,
    eventType: r.event_type,
    body: r.body,
    attempts: r.attempts,
    url: r.url,
    secret: r.secret,
    previousSecret: r.previous_secret,
    previousSecretExpiresAt: r.previous_secret_expires_at ? date(r.previous_secret_expires_at) : null,
    createdAt: date(r.created_at),
  }));
}

/**
 * When the next message a sender could claim is due (its try's time, or its lease's end): of enabled endpoints, and
 * not behind an earlier pending message of its key (that one's time counts). Null when none waits.
 */
export async function nextDueAt(db: DbOrTx): Promise<Date | null> {
  const [row] = rowsOf<{ at: string | Date | null }>(
    await db.execute(sql`
      select min(greatest(m.next_attempt_at, coalesce(m.lease_until, m.next_attempt_at))) as at
        from ${webhookMessages} m
        join ${webhookEndpoints} e on e.id = m.endpoint_id and e.is_enabled
       where m.status = 'pending'
         and ${firstOfItsKey}`),
  );
  const at = row?.at;
  return at ? (at instanceof Date ? at : new Date(at)) : null;
}

/** Turns an endpoint off with the reason; answers whether it was on (so its admins are told once). */
export async function disableEndpoint(db: DbOrTx, id: string, reason: string) {
  const rows = await db
    .update(webhookEndpoints)
    .set({ isEnabled: false, disabledReason: reason, updatedAt: new Date() })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.isEnabled, true)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

export async function insertAttempt(db: DbOrTx, row: typeof webhookAttempts.$inferInsert) {
  await db.insert(webhookAttempts).values(row);
}

/** Delivered messages, each with its successful try, in two statements (the sender's common case). */
export async function settleDelivered(
  db: DbOrTx,
  tries: readonly (typeof webhookAttempts.$inferInsert & { messageId: string; attempt: number })[],
) {
  if (tries.length === 0) return;
  await db.insert(webhookAttempts).values([...tries]);
  const attempts = sql.join(
    tries.map((t) => sql`(${t.messageId}::uuid, ${t.attempt}::int)`),
    sql`, `,
  );
  await db.execute(sql`
    update ${webhookMessages} m
       set status = 'delivered', attempts = t.attempt, lease_until = null, delivered_at = now()
      from (values ${attempts}) as t(id, attempt)
     where m.id = t.id`);
}

export async function settleMessage(
  db: DbOrTx,
  id: string,
  change: { status: 'pending' | 'delivered' | 'failed'; attempts: number; nextAttemptAt?: Date },
) {
  await db
    .update(webhookMessages)
    .set({
      status: change.status,
      attempts: change.attempts,
      leaseUntil: null,
      ...(change.nextAttemptAt ? { nextAttemptAt: change.nextAttemptAt } : {}),
      ...(change.status === 'delivered' ? { deliveredAt: new Date() } : {}),
    })
    .where(eq(webhookMessages.id, id));
}

/** The endpoint's log page: its tries newest first, each with its message's body and state. */
export async function listAttemptRows(db: DbOrTx, endpointId: string, page: number, perPage: number) {
  const [total] = await db
    .select({ n: count() })
    .from(webhookAttempts)
    .where(eq(webhookAttempts.endpointId, endpointId));
  const rows = await db
    .select({
      attempt: webhookAttempts,
      eventType: webhookMessages.eventType,
      body: webhookMessages.body,
      messageStatus: webhookMessages.status,
    })
    .from(webhookAttempts)
    .innerJoin(webhookMessages, eq(webhookMessages.id, webhookAttempts.messageId))
    .where(eq(webhookAttempts.endpointId, endpointId))
    .orderBy(desc(webhookAttempts.createdAt), desc(webhookAttempts.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { rows, total: total?.n ?? 0 };
}

export async function findMessage(db: DbOrTx, endpointId: string, id: string) {
  const [row] = await db
    .select()
    .from(webhookMessages)
    .where(and(eq(webhookMessages.endpointId, endpointId), eq(webhookMessages.id, id)));
  return row;
}

/** Sends a message again now, whatever its state (its tries go on counting). */
export async function requeueMessage(db: DbOrTx, id: string) {
  await db
    .update(webhookMessages)
    .set({ status: 'pending', nextAttemptAt: new Date(), leaseUntil: null })
    .where(eq(webhookMessages.id, id));
}

/** The log and the settled messages older than the retention go; a message still pending stays. */
export async function purgeWebhookLog(db: DbOrTx, before: Date) {
  await db.delete(webhookAttempts).where(lte(webhookAttempts.createdAt, before));
  await db
    .delete(webhookMessages)
    .where(and(ne(webhookMessages.status, 'pending'), lte(webhookMessages.createdAt, before)));
}
