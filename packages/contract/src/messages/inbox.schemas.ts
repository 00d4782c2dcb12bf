// The schemas of the inbox calls' params, queries, bodies and answers, apart from the calls (inbox.calls.ts): a call
// needs none of them in the browser, whose first screens load no zod (decision 050).
import { z } from 'zod';
import { PageQuerySchema, UuidSchema } from '../common.js';
import { CompanyParamsSchema } from '../params.js';
import { INBOX_LIMITS } from './inbox.entities.js';

export const ConversationParamsSchema = CompanyParamsSchema.extend({ conversationUuid: UuidSchema });

export const MessageBodyTextSchema = z
  .string({ error: 'Write a message.' })
  .trim()
  .min(1, 'Write a message.')
  .max(INBOX_LIMITS.bodyMax, `A message is at most ${INBOX_LIMITS.bodyMax} characters.`);

/**
 * A message's text. Sent as JSON, or as multipart/form-data with this `body` field first and up to
 * `INBOX_LIMITS.attachmentsMax` files (`file`), where the text may be empty when there is a file.
 */
export const PostMessageBodySchema = z.object({ body: MessageBodyTextSchema });
export type PostMessageBody = z.infer<typeof PostMessageBodySchema>;
/** The text of a message sent with files (multipart): it may be empty. */
export const MessageWithFilesFieldsSchema = z.object({
  body: z
    .string()
    .trim()
    .max(INBOX_LIMITS.bodyMax, `A message is at most ${INBOX_LIMITS.bodyMax} characters.`)
    .default(''),
});

export const StartConversationBodySchema = z.object({
  subject: z
    .string({ error: 'Give the conversation a subject.' })
    .trim()
    .min(1, 'Give the conversation a subject.')
    .max(INBOX_LIMITS.subjectMax, `A subject is at most ${INBOX_LIMITS.subjectMax} characters.`),
  participantUuids: z
    .array(UuidSchema, { error: 'Choose who to write to.' })
    .min(1, 'Choose at least one person to write to.')
    .max(INBOX_LIMITS.participantsMax, `Write to at most ${INBOX_LIMITS.participantsMax} people at once.`),
  body: MessageBodyTextSchema,
});
export type StartConversationBody = z.infer<typeof StartConversationBodySchema>;

export const ConversationListQuerySchema = PageQuerySchema.extend({
  q: z
    .string()
    .trim()
    .max(INBOX_LIMITS.searchMax, `Search with at most ${INBOX_LIMITS.searchMax} characters.`)
    .optional(),
});
export type ConversationListQuery = z.infer<typeof ConversationListQuerySchema>;
