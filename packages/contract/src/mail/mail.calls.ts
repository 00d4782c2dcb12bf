import { z } from 'zod';
import { defineCall } from '../api/define-call.js';
import { IsoDateTimeSchema, PageQuerySchema } from '../common.js';

export const MAIL_TRANSPORTS = ['smtp', 'outbox'] as const;
export type MailTransportKind = (typeof MAIL_TRANSPORTS)[number];

/**
 * One message the product sent (docs/decisions/027-mail-and-password-reset.md). `transport` says how: `outbox` when
 * no SMTP server is configured (the message is only kept here, body and all), `smtp` when it went to the SMTP server
 * (kept without its body, so the table holds no live links).
 */
export const OutboxMailSchema = z.object({
  uuid: z.uuid(),
  to: z.string(),
  subject: z.string(),
  text: z.string().nullable(),
  html: z.string().nullable(),
  transport: z.enum(MAIL_TRANSPORTS),
  createdAt: IsoDateTimeSchema,
});
export type OutboxMail = z.infer<typeof OutboxMailSchema>;

export const OutboxQuerySchema = PageQuerySchema.extend({
  /** Only the messages to this address (exact, case-insensitive). */
  to: z.string().trim().toLowerCase().max(254).optional(),
});

export const OutboxMailParamsSchema = z.object({ mailUuid: z.uuid() });

export const mailCalls = {
  listOutbox: defineCall({
    method: 'GET',
    path: '/platform/mail/outbox',
    summary: "The product's sent mail, newest first (platform admins)",
    query: OutboxQuerySchema,
    data: z.array(OutboxMailSchema),
    paginated: true,
  }),
  getOutboxMail: defineCall({
    method: 'GET',
    path: '/platform/mail/outbox/:mailUuid',
    summary: 'One sent message, with its text and HTML when it was kept (platform admins)',
    params: OutboxMailParamsSchema,
    data: OutboxMailSchema,
  }),
};
