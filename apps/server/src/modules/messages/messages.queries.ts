import { CONVERSATION_MATRIX, DELIVERY_MATRIX } from '@courier/contract';
import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { openAssignmentDriverIds } from '../../access/delivery-access.js';
import type { DbOrTx } from '../../db/client.js';
import {
  companies,
  companyMembers,
  conversationMessages,
  conversationParticipants,
  conversations,
  deliveries,
  messageAttachments,
  storedFiles,
  users,
} from '../../db/schema/index.js';
import { likePattern } from '../../lib/like.js';

/** Who reads: the user, through the route company's membership (the tenant of every statement here). */
export interface Reader {
  companyId: string;
  userId: string;
}

// `visibleTo` writes the policy's `message` row and its conversation `read` row for a list (decision 031); a change
// of either row must change it too, so the server refuses to start if they part.
if (DELIVERY_MATRIX.message.join() !== 'owner-admin,carrier-admin')
  throw new Error("DELIVERY_MATRIX['message'] changed: update visibleTo in messages.queries.ts.");
if (CONVERSATION_MATRIX.read.join() !== 'participant,delivery-messenger')
  throw new Error("CONVERSATION_MATRIX['read'] changed: update visibleTo in messages.queries.ts.");

/**
 * The conversations a reader sees: the company's conversations they are in (the policy's `participant`), and the
 * threads of the deliveries the company owns or carries (`delivery-messenger`: the delivery's `owner-admin` and
 * `carrier-admin`). The route is for its admins, so the admin half of each relation is the route's tenancy check.
 */
function visibleTo(r: Reader): SQL {
  return sql`(
    (${conversations.deliveryId} is null and ${conversations.companyId} = ${r.companyId}
      and exists (select 1 from ${conversationParticipants} p
        where p.conversation_id = ${conversations.id} and p.user_id = ${r.userId}))
    or (${conversations.deliveryId} is not null and exists (select 1 from ${deliveries} d
        where d.id = ${conversations.deliveryId}
          and (d.owner_company_id = ${r.companyId} or d.carrier_company_id = ${r.companyId})))
  )`;
}

/** Messages of others written after the reader last read the conversation. */
const unreadOf = (r: Reader) => sql<number>`(select count(*)::int from ${conversationMessages} m
  where m.conversation_id = ${conversations.id}
    and m.author_user_id is distinct from ${r.userId}
    and m.created_at > coalesce((select p.last_read_at from ${conversationParticipants} p
      where p.conversation_id = ${conversations.id} and p.user_id = ${r.userId}), '-infinity'::timestamptz))`;

const carrier = alias(companies, 'carrier_company');

const listColumns = (r: Reader) => ({
  id: conversations.id,
  companyId: conversations.companyId,
  deliveryId: conversations.deliveryId,
  title: sql<string>`coalesce(${conversations.subject}, ${deliveries.name}, '')`,
  companyName: companies.name,
  carrierName: carrier.name,
  lastMessageAt: conversations.lastMessageAt,
  unreadCount: unreadOf(r),
});
export type ConversationRow = {
  id: string;
  companyId: string;
  deliveryId: string | null;
  title: string;
  companyName: string;
  carrierName: string | null;
  lastMessageAt: Date;
  unreadCount: number;
};

function searchOf(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const p = likePattern(q);
  return sql`(coalesce(${conversations.subject}, ${deliveries.name}, '') ilike ${p}
    or exists (select 1 from ${conversationMessages} m where m.conversation_id = ${conversations.id} and m.body ilike ${p}))`;
}

function conversationsQuery(db: DbOrTx, r: Reader) {
  return db
    .select(listColumns(r))
    .from(conversations)
    .innerJoin(companies, eq(companies.id, conversations.companyId))
    .leftJoin(deliveries, eq(deliveries.id, conversations.deliveryId))
    .leftJoin(carrier, eq(carrier.id, deliveries.carrierCompanyId));
}

/** A page of the reader's conversations, newest message first, and how many match. */
export async function listConversationRows(
  db: DbOrTx,
  r: Reader,
  opts: { q?: string; unreadOnly?: boolean; limit: number; offset: number },
): Promise<{ rows: ConversationRow[]; total: number }> {
  const where = and(visibleTo(r), searchOf(opts.q), opts.unreadOnly ? sql`${unreadOf(r)} > 0` : undefined);
  const [rows, [total]] = await Promise.all([
    conversationsQuery(db, r)
      .where(where)
      .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db
      .select({ n: count() })
      .from(conversations)
      .leftJoin(deliveries, eq(deliveries.id, conversations.deliveryId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** One conversation as the list shows it (the caller has asked the access question). */
export async function conversationRow(
  db: DbOrTx,
  r: Reader,
  id: string,
): Promise<ConversationRow | undefined> {
  const [row] = await conversationsQuery(db, r).where(eq(conversations.id, id)).limit(1);
  return row;
}

/** How many of the reader's conversations have unread messages, and how many messages that is. */
export async function unreadTotals(db: DbOrTx, r: Reader) {
  const unread = unreadOf(r);
  const [row] = await db
    .select({
      conversations: sql<number>`count(*) filter (where ${unread} > 0)::int`,
      messages: sql<number>`coalesce(sum(${unread}), 0)::int`,
    })
    .from(conversations)
    .where(visibleTo(r));
  return { conversations: row?.conversations ?? 0, messages: row?.messages ?? 0 };
}

/** The newest message of each conversation. */
export async function lastMessages(db: DbOrTx, conversationIds: readonly string[]) {
  if (conversationIds.length === 0) return [];
  return db
    .selectDistinctOn([conversationMessages.conversationId], {
      conversationId: conversationMessages.conversationId,
      body: conversationMessages.body,
      createdAt: conversationMessages.createdAt,
      authorName: sql<string>`coalesce(${users.firstname} || ' ' || ${users.lastname}, 'Former member')`,
    })
    .from(conversationMessages)
    .leftJoin(users, eq(users.id, conversationMessages.authorUserId))
    .where(inArray(conversationMessages.conversationId, [...conversationIds]))
    .orderBy(
      conversationMessages.conversationId,
      desc(conversationMessages.createdAt),
      desc(conversationMessages.id),
    );
}

/** The people of each conversation (in a delivery's thread: those who have read or written in it). */
export async function participantsOf(db: DbOrTx, conversationIds: readonly string[]) {
  if (conversationIds.length === 0) return [];
  return db
    .select({
      conversationId: conversationParticipants.conversationId,
      userId: conversationParticipants.userId,
      name: sql<string>`${users.firstname} || ' ' || ${users.lastname}`,
      companyName: companies.name,
    })
    .from(conversationParticipants)
    .innerJoin(users, eq(users.id, conversationParticipants.userId))
    .innerJoin(companies, eq(companies.id, conversationParticipants.companyId))
    .where(inArray(conversationParticipants.conversationId, [...conversationIds]))
    .orderBy(asc(conversationParticipants.joinedAt), asc(users.firstname));
}

/** What the policy is asked about a conversation (`ConversationSubject`), as one row. */
export interface ConversationSubjectRow {
  id: string;
  companyId: string;
  deliveryId: string | null;
  participantUserIds: string[];
  /** The delivery of a thread (null for a company conversation, or when its delivery is gone). */
  ownerCompanyId: string | null;
  carrierCompanyId: string | null;
  assignedDriverIds: string[];
}

/** Everyone with a row in the conversation: a company conversation's people (in a thread, its readers). */
const participantIds = sql<string[]>`coalesce((select array_agg(p.user_id) from ${conversationParticipants} p
  where p.conversation_id = ${conversations.id}), '{}')`;

/**
 * A conversation with what the policy needs to answer for it, in one statement: its company and people, and for a
 * delivery's thread the delivery's parties (owner, carrier, the drivers of its open assignment), read now.
 */
export async function findConversationSubject(
  db: DbOrTx,
  id: string,
): Promise<ConversationSubjectRow | undefined> {
  const [row] = await db
    .select({
      id: conversations.id,
      companyId: conversations.companyId,
      deliveryId: conversations.deliveryId,
      participantUserIds: participantIds,
      ownerCompanyId: deliveries.ownerCompanyId,
      carrierCompanyId: deliveries.carrierCompanyId,
      assignedDriverIds: openAssignmentDriverIds,
    })
    .from(conversations)
    // Also what keeps the subqueries' outer columns qualified: drizzle names them bare in a one-table select.
    .leftJoin(deliveries, eq(deliveries.id, conversations.deliveryId))
    .where(eq(conversations.id, id))
    .limit(1);
  return row;
}

/** The company's active admins other than the reader: whom they may write to. */
export async function companyPeople(db: DbOrTx, r: Reader) {
  return db
    .selectDistinct({
      id: users.id,
      firstname: users.firstname,
      lastname: users.lastname,
      email: users.email,
    })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(
      and(
        eq(companyMembers.companyId, r.companyId),
        eq(companyMembers.roleSlug, 'company-admin'),
        eq(companyMembers.status, 'active'),
        ne(users.id, r.userId),
      ),
    )
    .orderBy(asc(users.firstname), asc(users.lastname), asc(users.id));
}

export async function insertConversation(
  tx: DbOrTx,
  values: { companyId: string; subject: string; createdByUserId: string },
): Promise<string> {
  const [row] = await tx.insert(conversations).values(values).returning({ id: conversations.id });
  return row!.id;
}

/** The delivery's thread, made if it has none yet (at most one per delivery, whoever writes first). */
export async function deliveryThreadId(
  tx: DbOrTx,
  values: { deliveryId: string; ownerCompanyId: string; createdByUserId: string },
): Promise<string> {
  await tx
    .insert(conversations)
    .values({
      companyId: values.ownerCompanyId,
      deliveryId: values.deliveryId,
      createdByUserId: values.createdByUserId,
    })
    .onConflictDoNothing({
      target: conversations.deliveryId,
      where: sql`${conversations.deliveryId} is not null`,
    });
  const id = await findDeliveryThreadId(tx, values.deliveryId);
  if (!id) throw new Error('The delivery thread was not made.');
  return id;
}

export async function findDeliveryThreadId(db: DbOrTx, deliveryId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(eq(conversations.deliveryId, deliveryId))
    .limit(1);
  return row?.id;
}

export async function addParticipants(
  tx: DbOrTx,
  rows: { conversationId: string; userId: string; companyId: string; lastReadAt: Date | null }[],
): Promise<void> {
  if (rows.length > 0) await tx.insert(conversationParticipants).values(rows).onConflictDoNothing();
}

/** The reader has read the conversation up to now (their row is made in a delivery's thread). */
export async function markReadNow(tx: DbOrTx, conversationId: string, r: Reader): Promise<void> {
  await tx
    .insert(conversationParticipants)
    .values({ conversationId, userId: r.userId, companyId: r.companyId, lastReadAt: sql`now()` })
    .onConflictDoUpdate({
      target: [conversationParticipants.conversationId, conversationParticipants.userId],
      set: { lastReadAt: sql`now()` },
    });
}

export async function otherParticipantIds(tx: DbOrTx, conversationId: string, userId: string) {
  const rows = await tx
    .select({ userId: conversationParticipants.userId })
    .from(conversationParticipants)
    .where(
      and(
        eq(conversationParticipants.conversationId, conversationId),
        ne(conversationParticipants.userId, userId),
      ),
    );
  return rows.map((row) => row.userId);
}

export async function insertMessage(
  tx: DbOrTx,
  values: { conversationId: string; authorUserId: string; authorCompanyId: string; body: string },
): Promise<{ id: string; createdAt: Date }> {
  const [row] = await tx
    .insert(conversationMessages)
    .values(values)
    .returning({ id: conversationMessages.id, createdAt: conversationMessages.createdAt });
  await tx
    .update(conversations)
    .set({ lastMessageAt: row!.createdAt })
    .where(eq(conversations.id, values.conversationId));
  return row!;
}

export async function insertAttachments(
  tx: DbOrTx,
  rows: { messageId: string; fileId: string; name: string; position: number }[],
): Promise<void> {
  if (rows.length > 0) await tx.insert(messageAttachments).values(rows);
}

const messageColumns = {
  id: conversationMessages.id,
  conversationId: conversationMessages.conversationId,
  body: conversationMessages.body,
  authorUserId: conversationMessages.authorUserId,
  authorName: sql<string>`coalesce(${users.firstname} || ' ' || ${users.lastname}, 'Former member')`,
  authorCompanyName: companies.name,
  createdAt: conversationMessages.createdAt,
};
export type MessageRow = {
  id: string;
  conversationId: string;
  body: string;
  authorUserId: string | null;
  authorName: string;
  authorCompanyName: string;
  createdAt: Date;
};

const messagesQuery = (db: DbOrTx) =>
  db
    .select(messageColumns)
    .from(conversationMessages)
    .innerJoin(companies, eq(companies.id, conversationMessages.authorCompanyId))
    .leftJoin(users, eq(users.id, conversationMessages.authorUserId));

/** A page of a conversation's messages, newest first, and how many it has. */
export async function listMessageRows(
  db: DbOrTx,
  conversationId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: MessageRow[]; total: number }> {
  const where = eq(conversationMessages.conversationId, conversationId);
  const [rows, [total]] = await Promise.all([
    messagesQuery(db)
      .where(where)
      .orderBy(desc(conversationMessages.createdAt), desc(conversationMessages.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(conversationMessages).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function messageRow(db: DbOrTx, id: string): Promise<MessageRow | undefined> {
  const [row] = await messagesQuery(db).where(eq(conversationMessages.id, id)).limit(1);
  return row;
}

export async function attachmentsOf(db: DbOrTx, messageIds: readonly string[]) {
  if (messageIds.length === 0) return [];
  return db
    .select({
      id: messageAttachments.id,
      messageId: messageAttachments.messageId,
      name: messageAttachments.name,
      mimeType: storedFiles.mimeType,
      sizeBytes: storedFiles.sizeBytes,
    })
    .from(messageAttachments)
    .innerJoin(storedFiles, eq(storedFiles.id, messageAttachments.fileId))
    .where(inArray(messageAttachments.messageId, [...messageIds]))
    .orderBy(asc(messageAttachments.position), asc(messageAttachments.id));
}

/** An attachment's stored file and the conversation it belongs to (whose access the caller then asks). */
export async function findAttachmentFile(db: DbOrTx, attachmentId: string) {
  const [row] = await db
    .select({
      conversationId: conversationMessages.conversationId,
      storageKey: storedFiles.storageKey,
      mimeType: storedFiles.mimeType,
      originalName: messageAttachments.name,
      sizeBytes: storedFiles.sizeBytes,
    })
    .from(messageAttachments)
    .innerJoin(conversationMessages, eq(conversationMessages.id, messageAttachments.messageId))
    .innerJoin(storedFiles, eq(storedFiles.id, messageAttachments.fileId))
    .where(eq(messageAttachments.id, attachmentId))
    .limit(1);
  return row;
}
