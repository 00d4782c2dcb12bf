import type { OutboxMail } from '@courier/contract';
import { iso } from '../../lib/dates.js';
import type { OutboxRow } from './mail.queries.js';

export function presentOutboxMail(row: OutboxRow): OutboxMail {
  return {
    uuid: row.id,
    to: row.toAddress,
    subject: row.subject,
    text: row.text,
    html: row.html,
    transport: row.transport,
    createdAt: iso(row.createdAt),
  };
}
