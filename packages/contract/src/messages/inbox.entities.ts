import { z } from 'zod';
import { IsoDateTimeSchema, UuidSchema } from '../common.js';
import { LIMITS } from '../constants.js';

/**
 * The inbox (/apps/mailbox, docs/decisions/031-inbox.md): conversations between the admins of one company, and one
 * thread per shared delivery between the admins of its owner and of its carrier.
 */
export const INBOX_LIMITS = {
  subjectMax: 150,
  bodyMax: 5000,
  /** Other people in a company conversation, besides the one who starts it. */
  participantsMax: 50,
  /** Files on one message, each checked by its bytes and at most `attachmentBytesMax`. */
  attachmentsMax: 3,
  attachmentBytesMax: LIMITS.documentBytesMax,
  searchMax: 100,
  /** Conversations the header's dropdown shows. */
  latestMax: 5,
} as const;

/** Files accepted on a message, checked by their bytes (the documents' types). */
export const MESSAGE_ATTACHMENT_MIME_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/webp',
] as const;

export const InboxPersonSchema = z.object({
  uuid: UuidSchema,
  name: z.string(),
  email: z.string(),
});
export type InboxPerson = z.infer<typeof InboxPersonSchema>;

export const ConversationParticipantSchema = z.object({
  uuid: UuidSchema,
  name: z.string(),
  companyName: z.string(),
});
export type ConversationParticipant = z.infer<typeof ConversationParticipantSchema>;

/** One conversation in a list: what it is about, who is in it, its newest message and what the caller has not read. */
export const ConversationSchema = z.object({
  uuid: UuidSchema,
  /** `company`: between members of one company; `delivery`: the thread of a shared delivery. */
  kind: z.enum(['company', 'delivery']),
  /** The subject, or the delivery's name for a delivery's thread. */
  title: z.string(),
  deliveryUuid: UuidSchema.nullable(),
  /** The people in a company conversation; for a delivery's thread, the two companies' admins who wrote in it. */
  participants: z.array(ConversationParticipantSchema),
  /** The companies of a delivery's thread (owner, then carrier); the one company of a company conversation. */
  companyNames: z.array(z.string()),
  lastMessage: z.object({ excerpt: z.string(), authorName: z.string(), at: IsoDateTimeSchema }).nullable(),
  lastMessageAt: IsoDateTimeSchema,
  unreadCount: z.number().int().min(0),
});
export type Conversation = z.infer<typeof ConversationSchema>;

export const MessageAttachmentSchema = z.object({
  uuid: UuidSchema,
  name: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int().min(0),
  /** Under /api/v1: the file itself, for those who may read the conversation. */
  url: z.string(),
});
export type MessageAttachment = z.infer<typeof MessageAttachmentSchema>;

export const InboxMessageSchema = z.object({
  uuid: UuidSchema,
  conversationUuid: UuidSchema,
  body: z.string(),
  authorUuid: UuidSchema.nullable(),
  authorName: z.string(),
  authorCompanyName: z.string(),
  /** Written by the caller. */
  mine: z.boolean(),
  createdAt: IsoDateTimeSchema,
  attachments: z.array(MessageAttachmentSchema),
});
export type InboxMessage = z.infer<typeof InboxMessageSchema>;

/** The header's dropdown: how many conversations have unread messages, and the newest of them. */
export const InboxSummarySchema = z.object({
  unreadConversations: z.number().int().min(0),
  unreadMessages: z.number().int().min(0),
  latestUnread: z.array(ConversationSchema),
});
export type InboxSummary = z.infer<typeof InboxSummarySchema>;

/** A delivery's thread: null until its first message. */
export const DeliveryThreadSchema = z.object({ conversation: ConversationSchema.nullable() });
export type DeliveryThread = z.infer<typeof DeliveryThreadSchema>;
