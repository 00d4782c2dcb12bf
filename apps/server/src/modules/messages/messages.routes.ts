import {
  CompanyParamsSchema,
  INBOX_LIMITS,
  inboxCalls,
  MESSAGE_ATTACHMENT_FILE_PATH,
  MESSAGE_ATTACHMENT_MIME_TYPES,
  MessageWithFilesFieldsSchema,
  PostMessageBodySchema,
  UuidSchema,
} from '@courier/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { companyActor } from '../../access/actor.js';
import { registerDeliveryCall } from '../../access/delivery-call.js';
import { unauthenticated } from '../../lib/app-error.js';
import { registerFileCall } from '../../lib/file-route.js';
import { paginationMeta } from '../../lib/pagination.js';
import { registerCall } from '../../lib/route.js';
import { parseFields, readUploads } from '../../lib/storage/upload.js';
import { tenantOf } from '../../plugins/tenancy.plugin.js';
import { sendStoredFile } from '../documents/index.js';
import { registerConversationCall, type InboxScope } from './messages.access.js';
import {
  attachmentFile,
  deliveryThread,
  inboxPeople,
  inboxSummary,
  listConversations,
  listMessages,
  loadConversation,
  markConversationRead,
  postMessage,
  startConversation,
  type MessageInput,
} from './messages.service.js';

function scopeOf(request: FastifyRequest): InboxScope {
  if (!request.auth) throw unauthenticated();
  const tenant = tenantOf(request);
  return {
    actor: companyActor(request),
    companyId: tenant.companyId,
    companySlug: tenant.companySlug,
    userId: request.auth.userId,
  };
}

/** A message as JSON `{ body }`, or as multipart: `body` (may be empty with a file) and up to three files. */
async function messageInput(request: FastifyRequest): Promise<MessageInput> {
  if (!request.isMultipart()) return { ...parseFields(request.body ?? {}, PostMessageBodySchema), files: [] };
  const { files, fields } = await readUploads(request, {
    maxBytes: INBOX_LIMITS.attachmentBytesMax,
    maxFiles: INBOX_LIMITS.attachmentsMax,
  });
  if (files.length === 0) return { ...parseFields(fields, PostMessageBodySchema), files };
  return { ...parseFields(fields, MessageWithFilesFieldsSchema), files };
}

/** The inbox (decision 031): the caller's conversations in the route company, and the delivery threads it shares. */
export function messageRoutes(app: FastifyInstance): void {
  const db = app.database.db;

  registerCall(app, inboxCalls.getInboxSummary, async ({ request }) => ({
    data: await inboxSummary(db, scopeOf(request)),
  }));

  registerCall(app, inboxCalls.listConversations, async ({ request, query }) => {
    const { data, total } = await listConversations(db, scopeOf(request), query);
    return { data, meta: paginationMeta(query, total) };
  });

  registerCall(app, inboxCalls.listInboxPeople, async ({ request }) => ({
    data: await inboxPeople(db, scopeOf(request)),
  }));

  registerCall(app, inboxCalls.startConversation, async ({ request, body }) => ({
    data: await startConversation(db, scopeOf(request), body),
    message: 'Conversation started.',
  }));

  registerConversationCall(app, inboxCalls.getConversation, 'read', async ({ request, access }) => ({
    data: await loadConversation(db, scopeOf(request), access.id),
  }));

  registerConversationCall(app, inboxCalls.listMessages, 'read', async ({ request, access, query }) => {
    const { data, total } = await listMessages(db, scopeOf(request), access, query);
    return { data, meta: paginationMeta(query, total) };
  });

  registerConversationCall(app, inboxCalls.postMessage, 'write', async ({ request, access }) => {
    const input = await messageInput(request);
    return {
      data: await postMessage(db, app.storage, scopeOf(request), { conversation: access }, input),
      message: 'Message sent.',
    };
  });

  // The read mark is the caller's own: reading the conversation is what it takes.
  registerConversationCall(app, inboxCalls.markConversationRead, 'read', async ({ request, access }) => ({
    data: await markConversationRead(db, scopeOf(request), access),
  }));

  registerDeliveryCall(app, inboxCalls.getDeliveryThread, async ({ request, access }) => ({
    data: await deliveryThread(db, scopeOf(request), access),
  }));

  registerDeliveryCall(app, inboxCalls.postDeliveryMessage, async ({ request, access }) => {
    const input = await messageInput(request);
    return {
      data: await postMessage(db, app.storage, scopeOf(request), { delivery: access }, input),
      message: 'Message sent.',
    };
  });

  // An attachment's file: to those who may read its conversation, with its checked type.
  registerFileCall(
    app,
    {
      path: MESSAGE_ATTACHMENT_FILE_PATH,
      summary: "Download a message's attachment",
      params: CompanyParamsSchema.extend({ attachmentUuid: UuidSchema }),
      types: MESSAGE_ATTACHMENT_MIME_TYPES,
    },
    async (request, reply) =>
      sendStoredFile(
        reply,
        app.storage,
        await attachmentFile(db, scopeOf(request), request.params.attachmentUuid),
      ),
  );
}
