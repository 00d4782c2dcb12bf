import { LIVE_ACTIVE_STATUSES, type NotificationKind } from '@courier/contract';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/executed-rows.js';
import { readPage } from '../../lib/pagination.js';
import {
  auctions,
  bids,
  companies,
  companyMembers,
  deliveries,
  deliveryLiveStatuses,
  deliveryScheduleWindows,
  driverInfos,
  notificationMails,
  notificationPreferences,
  notifications,
  users,
} from '../../db/schema/index.js';

/** A notification to e-mail: to whom, about which company (its letterhead heads the mail), what and where to look. */
export interface NotificationToMail {
  userId: string;
  companyId: string | null;
  title: string;
  message: string;
  link: string | null;
}

export type NotificationRow = Omit<typeof notifications.$inferSelect, 'dedupeKey'> & {
  companyName: string | null;
};
export type NewNotification = typeof notifications.$inferInsert;

/** The deliveries' names, owners and creators when the creator is still an admin of the owner. */
export async function deliveryCreators(tx: DbOrTx, deliveryIds: readonly string[]) {
  if (deliveryIds.length === 0)
    return new Map<string, { name: string; ownerCompanyId: string; creatorId: string }>();
  const rows = await tx
    .select({
      id: deliveries.id,
      name: deliveries.name,
      ownerCompanyId: deliveries.ownerCompanyId,
      creatorId: companyMembers.userId,
    })
    .from(deliveries)
    .innerJoin(
      companyMembers,
      and(
        eq(companyMembers.companyId, deliveries.ownerCompanyId),
        eq(companyMembers.userId, deliveries.createdByUserId),
        eq(companyMembers.roleSlug, 'company-admin'),
      ),
    )
    .where(inArray(deliveries.id, [...deliveryIds]));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Each company's admins. */
export async function companyAdmins(
  tx: DbOrTx,
  companyIds: readonly string[],
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (companyIds.length === 0) return out;
  const rows = await tx
    .select({ companyId: companyMembers.companyId, userId: companyMembers.userId })
    .from(companyMembers)
    .where(
      and(inArray(companyMembers.companyId, [...companyIds]), eq(companyMembers.roleSlug, 'company-admin')),
    );
  for (const r of rows) out.set(r.companyId, [...(out.get(r.companyId) ?? []), r.userId]);
  return out;
}

/** The status lookup's names (for the notification's words). */
export async function liveStatusNames(tx: DbOrTx, slugs: readonly string[]): Promise<Map<string, string>> {
  if (slugs.length === 0) return new Map();
  const rows = await tx
    .select({ slug: deliveryLiveStatuses.slug, name: deliveryLiveStatuses.name })
    .from(deliveryLiveStatuses)
    .where(inArray(deliveryLiveStatuses.slug, [...slugs]));
  return new Map(rows.map((r) => [r.slug, r.name]));
}

/**
 * What a shipper is told of bids on its auctions: the delivery offered and the bidding company, by bid, only where
 * the auction is one of these companies' (the events' own; a bid on another company's auction is not read).
 */
export async function bidsOnAuctionsOf(
  tx: DbOrTx,
  ownerCompanyIds: readonly string[],
  bidIds: readonly string[],
): Promise<Map<string, { ownerCompanyId: string; deliveryName: string; bidderName: string }>> {
  if (ownerCompanyIds.length === 0 || bidIds.length === 0) return new Map();
  const rows = await tx
    .select({
      id: bids.id,
      ownerCompanyId: auctions.ownerCompanyId,
      deliveryName: deliveries.name,
      bidderName: companies.name,
    })
    .from(bids)
    .innerJoin(auctions, eq(auctions.id, bids.auctionId))
    .innerJoin(deliveries, eq(deliveries.id, auctions.deliveryId))
    .innerJoin(companies, eq(companies.id, bids.companyId))
    .where(and(inArray(bids.id, [...bidIds]), inArray(auctions.ownerCompanyId, [...ownerCompanyIds])));
  return new Map(rows.map(({ id, ...rest }) => [id, rest]));
}

/** The choices the users made, as `user:kind` → their choice (a kind with no row takes the defaults). */
export async function choicesOf(
  tx: DbOrTx,
  userIds: readonly string[],
): Promise<Map<string, { inApp: boolean; email: boolean }>> {
  if (userIds.length === 0) return new Map();
  const rows = await tx
    .select({
      userId: notificationPreferences.userId,
      kind: notificationPreferences.kind,
      inApp: notificationPreferences.inApp,
      email: notificationPreferences.email,
    })
    .from(notificationPreferences)
    .where(inArray(notificationPreferences.userId, [...userIds]));
  return new Map(rows.map((r) => [`${r.userId}:${r.kind}`, { inApp: r.inApp, email: r.email }]));
}

/** The name and logo of the companies notifications are about, to head their e-mails. */
export async function companyLetterheads(db: DbOrTx, companyIds: readonly string[]) {
  if (companyIds.length === 0) return new Map<string, { name: string; logoUrl: string | null }>();
  const rows = await db
    .select({ id: companies.id, name: companies.name, logoUrl: companies.logoUrl })
    .from(companies)
    .where(inArray(companies.id, [...companyIds]));
  return new Map(rows.map((r) => [r.id, { name: r.name, logoUrl: r.logoUrl }]));
}

/** Where to write to each user: their e-mail and first name. */
export async function mailAddresses(db: DbOrTx, userIds: readonly string[]) {
  if (userIds.length === 0) return new Map<string, { email: string; firstname: string }>();
  const rows = await db
    .select({ id: users.id, email: users.email, firstname: users.firstname })
    .from(users)
    .where(inArray(users.id, [...userIds]));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function insertNotifications(tx: DbOrTx, rows: readonly NewNotification[]): Promise<void> {
  if (rows.length > 0) await tx.insert(notifications).values([...rows]);
}

const listColumns = {
  id: notifications.id,
  userId: notifications.userId,
  companyId: notifications.companyId,
  kind: notifications.kind,
  title: notifications.title,
  message: notifications.message,
  link: notifications.link,
  readAt: notifications.readAt,
  createdAt: notifications.createdAt,
  companyName: companies.name,
};

/** A user's notifications, newest first (only the unread ones when asked), with the total. */
export async function listNotificationsOf(
  db: DbOrTx,
  userId: string,
  opts: { unread: boolean; page: number; per_page: number },
): Promise<{ rows: NotificationRow[]; total: number }> {
  const where = and(eq(notifications.userId, userId), opts.unread ? isNull(notifications.readAt) : undefined);
  const { rows, total } = await readPage(opts, {
    rows: ({ limit, offset }) =>
      db
        .select(listColumns)
        .from(notifications)
        .leftJoin(companies, eq(companies.id, notifications.companyId))
        .where(where)
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(limit)
        .offset(offset),
    count: () => db.select({ n: count() }).from(notifications).where(where),
  });
  return { rows, total: Number(total) };
}

/** Marks one of the user's notifications read (once: the first time is kept); null when it is not theirs. */
export async function markRead(db: DbOrTx, userId: string, id: string): Promise<NotificationRow | null> {
  await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  const [row] = await db
    .select(listColumns)
    .from(notifications)
    .leftJoin(companies, eq(companies.id, notifications.companyId))
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  return row ?? null;
}

export async function markAllRead(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function deleteNotificationOf(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function preferencesOf(db: DbOrTx, userId: string) {
  return db
    .select({
      kind: notificationPreferences.kind,
      inApp: notificationPreferences.inApp,
      email: notificationPreferences.email,
    })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
}

export async function savePreferences(
  db: DbOrTx,
  userId: string,
  list: readonly { kind: NotificationKind; inApp: boolean; email: boolean }[],
): Promise<void> {
  if (list.length === 0) return;
  await db
    .insert(notificationPreferences)
    .values(list.map((p) => ({ userId, ...p })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: { inApp: sql`excluded.in_app`, email: sql`excluded.email` },
    });
}

/**
 * Tells the creator of every delivery that has just become late (still worked, a dropoff window ended within the
 * last `lookbackHours`) once: the row's dedupe key `late:<delivery>` makes a second sweep, or another process's, a
 * no-op. A creator who turned `late` off in the app gets no row. Returns the rows made, for their e-mails.
 */
export async function insertLateNotifications(db: DbOrTx, lookbackHours: number) {
  const stillWorked = sql.join(
    ['created', 'scheduled', ...LIVE_ACTIVE_STATUSES].map((s) => sql`${s}`),
    sql`, `,
  );
  const result = await db.execute<Made>(sql`
    insert into ${notifications} (user_id, company_id, kind, title, message, link, dedupe_key)
    select d.created_by_user_id, d.owner_company_id, 'late', d.name || ': late',
           'Its dropoff window has ended and it is not delivered yet.', '/DeliveryDetail/' || d.id, 'late:' || d.id
      from ${deliveries} d
      join ${companyMembers} m on m.company_id = d.owner_company_id and m.user_id = d.created_by_user_id
                              and m.role_slug = 'company-admin'
     where d.live_status_slug in (${stillWorked})
       and exists (select 1 from ${deliveryScheduleWindows} w
                    where w.delivery_id = d.id and w.type_slug in ('dropoff', 'whole-delivery')
                      and w.end_at < now() and w.end_at > now() - make_interval(hours => ${lookbackHours}))
       and not exists (select 1 from ${notificationPreferences} p
                        where p.user_id = d.created_by_user_id and p.kind = 'late' and not p.in_app)
    on conflict (user_id, dedupe_key) where dedupe_key is not null do nothing
    returning user_id, company_id, title, message, link`);
  return madeOf(result);
}

type Made = { user_id: string; company_id: string | null; title: string; message: string; link: string };
const madeOf = (result: unknown) =>
  rowsOf<Made>(result).map((r) => ({
    userId: r.user_id,
    companyId: r.company_id,
    title: r.title,
    message: r.message,
    link: r.link,
  }));

/**
 * Tells of every driver's licence or insurance that has expired or expires within `warningDays` (expired at most
 * `lookbackDays` ago): the company's active admins (link: the drivers' page) and the driver (link: their dashboard),
 * once per document per expiry date — the dedupe key holds the date, so a renewed document is told of again when its
 * new date comes near. One statement: each date's window is read by its own index, the rows inserted in bulk, every
 * sweep after the first a no-op. A user who turned `document` off in the app gets no row. Answers the rows made.
 */
export async function insertDocumentNotifications(
  db: DbOrTx,
  opts: { warningDays: number; lookbackDays: number },
) {
  const window = (column: typeof driverInfos.licenceExpiresAt) =>
    sql`${column} < now() + make_interval(days => ${opts.warningDays}) and ${column} > now() - make_interval(days => ${opts.lookbackDays})`;
  const result = await db.execute<Made>(sql`
    with docs as (
      select id as info_id, company_id, user_id as driver_id, 'licence' as kind, 'driving licence' as words,
             licence_expires_at as expires_at
        from ${driverInfos} where ${window(driverInfos.licenceExpiresAt)}
      union all
      select id, company_id, user_id, 'insurance', 'insurance', insurance_expires_at
        from ${driverInfos} where ${window(driverInfos.insuranceExpiresAt)}
    ),
    told as (
      select d.*, m.user_id, m.role_slug = 'driver' as is_driver,
             u.firstname || ' ' || u.lastname as driver_name, d.expires_at <= now() as expired,
             to_char(d.expires_at at time zone 'UTC', 'FMDD Mon YYYY') as day
        from docs d
        join ${users} u on u.id = d.driver_id
        join ${companyMembers} m on m.company_id = d.company_id and m.status = 'active'
                                and (m.role_slug = 'company-admin'
                                     or (m.role_slug = 'driver' and m.user_id = d.driver_id))
    )
    insert into ${notifications} (user_id, company_id, kind, title, message, link, dedupe_key)
    select user_id, company_id, 'document',
           case when is_driver then 'Your ' || words else driver_name || '''s ' || words end
             || case when expired then ' has expired' else ' expires on ' || day end,
           case when is_driver then 'Give your company the renewed document so you can keep driving.'
                else 'Upload the renewed document on the driver''s record, or take the driver off the road.' end,
           case when is_driver then '/DriverDashboard' else '/DriversManage' end,
           'document:' || info_id || ':' || kind || ':' || (extract(epoch from expires_at)::bigint)
      from told t
     where not exists (select 1 from ${notificationPreferences} p
                        where p.user_id = t.user_id and p.kind = 'document' and not p.in_app)
    on conflict (user_id, dedupe_key) where dedupe_key is not null do nothing
    returning user_id, company_id, title, message, link`);
  return madeOf(result);
}

/** Notifications to e-mail, kept in the caller's transaction (decision 055). */
export async function insertNotificationMails(
  tx: DbOrTx,
  rows: readonly NotificationToMail[],
): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(notificationMails).values(rows.map((r) => ({ ...r })));
}

/**
 * Takes up to `limit` waiting notification mails, oldest first, in the caller's transaction: deleted now, so they are
 * sent exactly when that transaction commits. Rows another process is taking are skipped, not waited for.
 */
export async function takeNotificationMails(tx: DbOrTx, limit: number): Promise<NotificationToMail[]> {
  const result = await tx.execute(sql`
    delete from ${notificationMails} where id in (
      select id from ${notificationMails} order by created_at, id limit ${limit} for update skip locked)
    returning user_id, company_id, title, message, link`);
  return rowsOf<{
    user_id: string;
    company_id: string | null;
    title: string;
    message: string;
    link: string | null;
  }>(result).map((r) => ({
    userId: r.user_id,
    companyId: r.company_id,
    title: r.title,
    message: r.message,
    link: r.link,
  }));
}
