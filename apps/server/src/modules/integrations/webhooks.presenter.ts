import { WEBHOOK, type WebhookAttempt, type WebhookEndpoint } from '@courier/contract';
import type { webhookAttempts, webhookEndpoints } from '../../db/schema/index.js';
import { iso, isoOrNull } from '../../lib/dates.js';

export function presentEndpoint(row: {
  endpoint: typeof webhookEndpoints.$inferSelect;
  pending: number;
  lastAttempt: { at: string; statusCode: number | null; ok: boolean } | null;
}): WebhookEndpoint {
  const e = row.endpoint;
  const previousLive = e.previousSecretExpiresAt && e.previousSecretExpiresAt > new Date();
  return {
    uuid: e.id,
    url: e.url,
    description: e.description,
    events: e.events,
    isEnabled: e.isEnabled,
    disabledReason: e.disabledReason,
    secretPrefix: e.secret.slice(0, WEBHOOK.secretPrefix.length + 4),
    previousSecretExpiresAt: previousLive ? isoOrNull(e.previousSecretExpiresAt) : null,
    pending: row.pending,
    lastAttempt: row.lastAttempt && {
      at: new Date(row.lastAttempt.at).toISOString(),
      statusCode: row.lastAttempt.statusCode,
      ok: row.lastAttempt.ok,
    },
    createdAt: iso(e.createdAt),
  };
}

export function presentAttempt(row: {
  attempt: typeof webhookAttempts.$inferSelect;
  eventType: string;
  body: string;
  messageStatus: 'pending' | 'delivered' | 'failed';
}): WebhookAttempt {
  const a = row.attempt;
  return {
    uuid: a.id,
    messageUuid: a.messageId,
    eventType: row.eventType,
    attempt: a.attempt,
    at: iso(a.createdAt),
    statusCode: a.statusCode,
    durationMs: a.durationMs,
    ok: a.ok,
    error: a.error,
    responseExcerpt: a.responseExcerpt,
    body: row.body,
    messageStatus: row.messageStatus,
  };
}
