import type { RecipientMessage } from '@courier/contract';
import { iso, isoOrNull } from '../../lib/dates.js';
import type { RecipientMessageRow } from './recipients.queries.js';

export function presentRecipientMessage(m: RecipientMessageRow): RecipientMessage {
  return {
    uuid: m.id,
    kind: m.kind,
    channel: m.channel,
    to: m.toAddress,
    subject: m.subject,
    body: m.body,
    status: m.status,
    provider: m.provider,
    error: m.error,
    attempts: m.attempts,
    sendAfter: isoOrNull(m.sendAfter),
    sentAt: isoOrNull(m.sentAt),
    createdAt: iso(m.createdAt),
    updatedAt: iso(m.updatedAt),
  };
}
