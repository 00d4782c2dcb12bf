import { WEBHOOK } from '@courier/contract';
import { createHmac, randomBytes } from 'node:crypto';

/** A new endpoint secret: `whsec_` and the base64 of 32 random bytes (the Standard Webhooks form). */
export function newWebhookSecret(): string {
  return `${WEBHOOK.secretPrefix}${randomBytes(WEBHOOK.secretBytes).toString('base64')}`;
}

/**
 * The `webhook-signature` header's value (Standard Webhooks): for each secret that signs now, `v1,` and the base64
 * HMAC-SHA256 of `id.timestamp.body` under the secret's bytes, separated by spaces (two during a rotation).
 */
export function webhookSignature(
  secrets: readonly string[],
  msg: { id: string; timestamp: number; body: string },
): string {
  return secrets
    .map((secret) => {
      const key = Buffer.from(secret.slice(WEBHOOK.secretPrefix.length), 'base64');
      const mac = createHmac('sha256', key).update(`${msg.id}.${msg.timestamp}.${msg.body}`).digest('base64');
      return `v1,${mac}`;
    })
    .join(' ');
}
