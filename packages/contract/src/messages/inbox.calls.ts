import { z } from 'zod';
import { defineCall } from '../api/define-call.js';
import { PageQuerySchema } from '../common.js';
import { DeliveryParamsSchema } from '../params.js';
import { CompanyParamsSchema } from '../params.js';
import {
  ConversationSchema,
  DeliveryThreadSchema,
  InboxMessageSchema,
  InboxPersonSchema,
  InboxSummarySchema,
} from './inbox.entities.js';
import {
  ConversationParamsSchema,
  StartConversationBodySchema,
  ConversationListQuerySchema,
} from './inbox.schemas.js';

const base = '/c/:companySlug/admin/inbox';

export const inboxCalls = {
  getInboxSummary: defineCall({
    method: 'GET',
    path: `${base}/summary`,
    summary: "The caller's unread conversations: how many, and the newest ones (the header's dropdown)",
    params: CompanyParamsSchema,
    data: InboxSummarySchema,
  }),
  listConversations: defineCall({
    method: 'GET',
    path: `${base}/conversations`,
    summary:
      "The caller's conversations, newest message first, with unread counts; `q` searches subjects and text",
    params: CompanyParamsSchema,
    query: ConversationListQuerySchema,
    data: z.array(ConversationSchema),
    paginated: true,
  }),
  listInboxPeople: defineCall({
    method: 'GET',
    path: `${base}/people`,
    summary: 'The members of the company the caller can start a conversation with',
    params: CompanyParamsSchema,
    data: z.array(InboxPersonSchema),
  }),
  startConversation: defineCall({
    method: 'POST',
    path: `${base}/conversations`,
    summary: 'Start a conversation with other members of the company: a subject and a first message',
    params: CompanyParamsSchema,
    body: StartConversationBodySchema,
    data: ConversationSchema,
    status: 201,
  }),
  getConversation: defineCall({
    method: 'GET',
    path: `${base}/conversations/:conversationUuid`,
    summary: 'One conversation with its unread count',
    params: ConversationParamsSchema,
    data: ConversationSchema,
  }),
  listMessages: defineCall({
    method: 'GET',
    path: `${base}/conversations/:conversationUuid/messages`,
    summary: "A conversation's messages, newest first, with their attachments",
    params: ConversationParamsSchema,
    query: PageQuerySchema,
    data: z.array(InboxMessageSchema),
    paginated: true,
  }),
  /** JSON `{ body }`, or multipart: `body`, then up to three files (PDF, PNG, JPEG or WebP, 10 MB each). */
  postMessage: defineCall({
    method: 'POST',
    path: `${base}/conversations/:conversationUuid/messages`,
    summary: 'Write in a conversation (JSON, or multipart with attachments)',
    params: ConversationParamsSchema,
    data: InboxMessageSchema,
    status: 201,
  }),
  markConversationRead: defineCall({
    method: 'POST',
    path: `${base}/conversations/:conversationUuid/read`,
    summary: 'Mark a conversation read up to now, for the caller',
    params: ConversationParamsSchema,
    data: ConversationSchema,
  }),
  getDeliveryThread: defineCall({
    method: 'GET',
    path: '/c/:companySlug/admin/delivery/:deliveryUuid/messages',
    summary:
      "A shared delivery's thread between its owner's and its carrier's admins (null before its first message)",
    params: DeliveryParamsSchema,
    data: DeliveryThreadSchema,
  }),
  /** JSON or multipart, as postMessage; the thread is made by its first message. */
  postDeliveryMessage: defineCall({
    method: 'POST',
    path: '/c/:companySlug/admin/delivery/:deliveryUuid/messages',
    summary: "Write in a delivery's thread (made by its first message)",
    params: DeliveryParamsSchema,
    data: InboxMessageSchema,
    status: 201,
  }),
};

/** Not a JSON call: an attachment's file, for those who may read its conversation. */
export const MESSAGE_ATTACHMENT_FILE_PATH = `${base}/attachments/:attachmentUuid/file`;
