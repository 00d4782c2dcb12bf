import {
  FILE_ROUTE_ACCESS,
  INBOX_LIMITS,
  MESSAGE_ATTACHMENT_FILE_PATH,
  MESSAGE_ATTACHMENT_MIME_TYPES,
  type Conversation,
  type ConversationListQuery,
  type InboxMessage,
  type StartConversationBody,
} from '@courier/contract';
import type { DeliveryAccess } from '../../access/delivery-access.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { notFound, unprocessable } from '../../lib/app-error.js';
import type { PageQuery } from '../../lib/pagination.js';
import type { FileStorage } from '../../lib/storage/storage.js';
import { transactionWithUploads } from '../documents/index.js';
import { recordEvent, type EventAudience } from '../live/index.js';
import {
  conversationAccess,
  conversationActionOf,
  threadDeliveryOf,
  type ConversationAccess,
  type InboxScope,
  type ThreadDelivery,
} from './messages.access.js';
import { presentConversation, presentMessage, presentPerson } from './messages.presenter.js';
import {
  addParticipants,
  attachmentsOf,
  companyPeople,
  conversationRow,
  deliveryThreadId,
  findAttachmentFile,
  findDeliveryThreadId,
  insertAttachments,
  insertConversation,
  insertMessage,
  lastMessages,
  listConversationRows,
  listMessageRows,
  markReadNow,
  messageRow,
  otherParticipantIds,
  participantsOf,
  unreadTotals,
  type ConversationRow,
  type MessageRow,
} from './messages.queries.js';

/** Conversation rows with their people and newest message, as the contract shows them. */
async function presentConversations(db: DbOrTx, rows: ConversationRow[]): Promise<Conversation[]> {
  const ids = rows.map((r) => r.id);
  const [people, last] = await Promise.all([participantsOf(db, ids), lastMessages(db, ids)]);
  const lastBy = new Map(last.map((m) => [m.conversationId, m]));
  return rows.map((row) =>
    presentConversation(row, {
      participants: people.filter((p) => p.conversationId === row.id),
      last: lastBy.get(row.id),
    }),
  );
}

async function presentMessages(db: DbOrTx, scope: InboxScope, rows: MessageRow[]): Promise<InboxMessage[]> {
  const files = await attachmentsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) =>
    presentMessage(row, {
      viewerId: scope.userId,
      companySlug: scope.companySlug,
      attachments: files.filter((f) => f.messageId === row.id),
    }),
  );
}

export async function listConversations(db: DbOrTx, scope: InboxScope, query: ConversationListQuery) {
  const { rows, total } = await listConversationRows(db, scope, {
    q: query.q || undefined,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return { data: await presentConversations(db, rows), total };
}

export async function inboxSummary(db: DbOrTx, scope: InboxScope) {
  const [totals, latest] = await Promise.all([
    unreadTotals(db, scope),
    listConversationRows(db, scope, { unreadOnly: true, limit: INBOX_LIMITS.latestMax, offset: 0 }),
  ]);
  return {
    unreadConversations: totals.conversations,
    unreadMessages: totals.messages,
    latestUnread: await presentConversations(db, latest.rows),
  };
}

export async function inboxPeople(db: DbOrTx, scope: InboxScope) {
  return (await companyPeople(db, scope)).map(presentPerson);
}

/** One conversation the caller may read (the access question asked first), as the list shows it. */
export async function loadConversation(db: DbOrTx, scope: InboxScope, conversationId: string) {
  const row = await conversationRow(db, scope, conversationId);
  if (!row) throw notFound('Conversation');
  const [conversation] = await presentConversations(db, [row]);
  return conversation!;
}

export async function listMessages(
  db: DbOrTx,
  scope: InboxScope,
  access: ConversationAccess,
  page: PageQuery,
) {
  const { rows, total } = await listMessageRows(db, access.id, {
    limit: page.per_page,
    offset: (page.page - 1) * page.per_page,
  });
  return { data: await presentMessages(db, scope, rows), total };
}

export async function markConversationRead(db: DbOrTx, scope: InboxScope, access: ConversationAccess) {
  await markReadNow(db, access.id, scope);
  return loadConversation(db, scope, access.id);
}

/** A delivery's thread, or null before its first message (the delivery's policy asked by the caller). */
export async function deliveryThread(db: DbOrTx, scope: InboxScope, access: DeliveryAccess) {
  const id = await findDeliveryThreadId(db, access.deliveryId);
  return { conversation: id ? await loadConversation(db, scope, id) : null };
}

/** A conversation with others of the company: they must be its active admins (whom the inbox lists). */
export async function startConversation(
  db: Db,
  scope: InboxScope,
  body: StartConversationBody,
): Promise<Conversation> {
  const people = new Set((await companyPeople(db, scope)).map((p) => p.id));
  const others = [...new Set(body.participantUuids)].filter((id) => id !== scope.userId);
  if (others.length === 0 || others.some((id) => !people.has(id)))
    throw unprocessable({
      participantUuids: ['Choose people of your company to write to (its admins, other than you).'],
    });
  const id = await db.transaction(async (tx) => {
    const conversationId = await insertConversation(tx, {
      companyId: scope.companyId,
      subject: body.subject,
      createdByUserId: scope.userId,
    });
    await addParticipants(tx, [
      { conversationId, userId: scope.userId, companyId: scope.companyId, lastReadAt: new Date() },
      ...others.map((userId) => ({ conversationId, userId, companyId: scope.companyId, lastReadAt: null })),
    ]);
    await writeMessage(tx, scope, { conversationId, delivery: null, body: body.body });
    return conversationId;
  });
  return loadConversation(db, scope, id);
}

export interface MessageInput {
  body: string;
  files: { bytes: Buffer; filename: string }[];
}

/** Where a message goes: a conversation the caller may write in, or a delivery's thread (made by its first message). */
export type MessageTarget = { conversation: ConversationAccess<'write'> } | { delivery: DeliveryAccess };

/**
 * Writes a message with its files in one transaction: the files through the documents' storage (their bytes checked
 * and removed again if anything fails), the message, the writer's read mark, and the live event for the others.
 */
export async function postMessage(
  db: Db,
  storage: FileStorage,
  scope: InboxScope,
  target: MessageTarget,
  input: MessageInput,
): Promise<InboxMessage> {
  const messageId = await transactionWithUploads(db, storage, async (tx, store) => {
    const delivery = 'delivery' in target ? threadDeliveryOf(target.delivery) : target.conversation.delivery;
    const conversationId =
      'delivery' in target
        ? await deliveryThreadId(tx, {
            deliveryId: target.delivery.deliveryId,
            ownerCompanyId: target.delivery.delivery.ownerCompanyId,
            createdByUserId: scope.userId,
          })
        : target.conversation.id;
    const id = await writeMessage(tx, scope, { conversationId, delivery, body: input.body });
    const stored = [];
    for (const file of input.files) {
      const { file: row } = await store(tx, {
        companyId: scope.companyId,
        userId: scope.userId,
        upload: { ...file, fields: {} },
        allowed: MESSAGE_ATTACHMENT_MIME_TYPES,
      });
      stored.push({
        messageId: id,
        fileId: row.id,
        name: file.filename.slice(0, 255),
        position: stored.length,
      });
    }
    await insertAttachments(tx, stored);
    return id;
  });
  const row = await messageRow(db, messageId);
  const [message] = await presentMessages(db, scope, [row!]);
  return message!;
}

/** The message, the writer's read mark and the live event, in the caller's transaction. */
async function writeMessage(
  tx: DbOrTx,
  scope: InboxScope,
  opts: { conversationId: string; delivery: ThreadDelivery | null; body: string },
): Promise<string> {
  const message = await insertMessage(tx, {
    conversationId: opts.conversationId,
    authorUserId: scope.userId,
    authorCompanyId: scope.companyId,
    body: opts.body,
  });
  await markReadNow(tx, opts.conversationId, scope);
  // A delivery's thread is for its owner's and carrier's admins (the stream asks the policy's `message`); a company
  // conversation for its other participants only.
  const audience: EventAudience = opts.delivery
    ? {
        deliveryId: opts.delivery.deliveryId,
        ownerCompanyId: opts.delivery.ownerCompanyId,
        carrierCompanyId: opts.delivery.carrierCompanyId,
        driverUserIds: [],
      }
    : {
        companyId: scope.companyId,
        driverUserIds: await otherParticipantIds(tx, opts.conversationId, scope.userId),
      };
  await recordEvent(tx, {
    type: 'message',
    data: {
      conversationUuid: opts.conversationId,
      deliveryUuid: opts.delivery?.deliveryId ?? null,
      messageUuid: message.id,
      authorUuid: scope.userId,
      at: message.createdAt.toISOString(),
    },
    audience,
    actorUserId: scope.userId,
  });
  return message.id;
}

/** What the attachment route's rule asks of the attachment's conversation (FILE_ROUTE_ACCESS). */
const ATTACHMENT_ACTION = conversationActionOf(FILE_ROUTE_ACCESS[`GET ${MESSAGE_ATTACHMENT_FILE_PATH}`]);

/**
 * An attachment's file, for those who may read its conversation: the file route's rule (`conversation:read`) is asked
 * of the conversation the attachment belongs to.
 */
export async function attachmentFile(db: DbOrTx, scope: InboxScope, attachmentId: string) {
  const file = await findAttachmentFile(db, attachmentId);
  if (!file) throw notFound('File');
  await conversationAccess(db, scope.actor, ATTACHMENT_ACTION, file.conversationId);
  return file;
}
