import {
  buildPath,
  MESSAGE_ATTACHMENT_FILE_PATH,
  type Conversation,
  type InboxMessage,
  type InboxPerson,
} from '@courier/contract';
import type { ConversationRow, MessageRow } from './messages.queries.js';

const EXCERPT_MAX = 140;

export function presentConversation(
  row: ConversationRow,
  extra: {
    participants: { userId: string; name: string; companyName: string }[];
    last: { body: string; authorName: string; createdAt: Date } | undefined;
  },
): Conversation {
  const body = extra.last?.body.replace(/\s+/g, ' ').trim() ?? '';
  return {
    uuid: row.id,
    kind: row.deliveryId ? 'delivery' : 'company',
    title: row.title,
    deliveryUuid: row.deliveryId,
    participants: extra.participants.map((p) => ({
      uuid: p.userId,
      name: p.name,
      companyName: p.companyName,
    })),
    companyNames: row.carrierName && row.deliveryId ? [row.companyName, row.carrierName] : [row.companyName],
    lastMessage: extra.last
      ? {
          excerpt: body.length > EXCERPT_MAX ? `${body.slice(0, EXCERPT_MAX - 1)}…` : body,
          authorName: extra.last.authorName,
          at: extra.last.createdAt.toISOString(),
        }
      : null,
    lastMessageAt: row.lastMessageAt.toISOString(),
    unreadCount: row.unreadCount,
  };
}

export function presentMessage(
  row: MessageRow,
  opts: {
    viewerId: string;
    companySlug: string;
    attachments: { id: string; name: string; mimeType: string; sizeBytes: number }[];
  },
): InboxMessage {
  return {
    uuid: row.id,
    conversationUuid: row.conversationId,
    body: row.body,
    authorUuid: row.authorUserId,
    authorName: row.authorName,
    authorCompanyName: row.authorCompanyName,
    mine: row.authorUserId === opts.viewerId,
    createdAt: row.createdAt.toISOString(),
    attachments: opts.attachments.map((a) => ({
      uuid: a.id,
      name: a.name,
      mimeType: a.mimeType,
      sizeBytes: a.sizeBytes,
      url: `/api/v1${buildPath(MESSAGE_ATTACHMENT_FILE_PATH, { companySlug: opts.companySlug, attachmentUuid: a.id })}`,
    })),
  };
}

export function presentPerson(row: {
  id: string;
  firstname: string;
  lastname: string;
  email: string;
}): InboxPerson {
  return { uuid: row.id, name: `${row.firstname} ${row.lastname}`.trim(), email: row.email };
}
