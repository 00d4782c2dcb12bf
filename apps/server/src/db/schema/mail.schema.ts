import { index, pgTable, text } from 'drizzle-orm/pg-core';
import type { MailTransportKind } from '@courier/contract';
import { createdAt, id } from './columns.js';

/**
 * Every message the product sent and how (decision 027). With no SMTP server (`transport` = `outbox`) this row is
 * the only copy, body included, for a platform admin to read; a message that went through SMTP is kept without its
 * body, so the table never holds a live link that left by mail.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text'),
    html: text('html'),
    transport: text('transport').$type<MailTransportKind>().notNull(),
    /** `email`, or `sms` for a recipient's text message kept here when no SMS provider is configured (issue 36). */
    channel: text('channel').$type<'email' | 'sms'>().notNull().default('email'),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt), index('mail_outbox_to_idx').on(t.toAddress)],
);
