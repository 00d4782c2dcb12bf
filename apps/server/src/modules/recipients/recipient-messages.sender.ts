import {
  LIVE_FINAL_STATUSES,
  RECIPIENT_MESSAGES,
  type LiveStatus,
  type RecipientMessageStatus,
} from '@courier/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import type { JobDefinition } from '../../db/jobs/job-runner.js';
import { SmsRefusedError, type SmsProvider } from '../../lib/sms/sms-provider.js';
import { recordEvents } from '../live/index.js';
import { insertOutboxMail, letterhead, recipientMail, type Mailer } from '../mail/index.js';
import { RECIPIENTS_SEND_JOB } from './recipient-messages.compose.js';
import {
  findCompanyLetterhead,
  findDeliveryState,
  insertOptOut,
  lockRecipientMessage,
  optedOutAddresses,
  updateRecipientMessage,
  type RecipientMessageRow,
} from './recipients.queries.js';

export interface RecipientSendDeps {
  db: Db;
  /** Null: no provider configured, text messages are kept in the platform's outbox. */
  sms: SmsProvider | null;
  mailer: Mailer;
  appUrl: string;
}

/** Tells the delivery's office that a message moved (its log refetches). */
export async function recordMessageEvent(tx: DbOrTx, m: RecipientMessageRow, status: RecipientMessageStatus) {
  const state = await findDeliveryState(tx, m.deliveryId);
  if (!state) return;
  await recordEvents(tx, [
    {
      type: 'recipient.message',
      data: { deliveryUuid: m.deliveryId, messageUuid: m.id, status },
      audience: {
        deliveryId: m.deliveryId,
        ownerCompanyId: state.ownerCompanyId,
        carrierCompanyId: state.carrierCompanyId,
        driverUserIds: [],
      },
    },
  ]);
}

async function settle(
  db: Db,
  m: RecipientMessageRow,
  values: Parameters<typeof updateRecipientMessage>[2] & { status: RecipientMessageStatus },
) {
  await db.transaction(async (tx) => {
    await updateRecipientMessage(tx, m.id, values);
    await recordMessageEvent(tx, m, values.status);
  });
}

/** Announcements that mean nothing once the delivery has ended (a held "on the way" the next morning). */
const ONLY_WHILE_UNDER_WAY = new Set(['on-the-way', 'arriving-soon']);

/**
 * Takes a message for sending, under its row's lock: nothing when it is gone or was settled already (a retry after
 * the provider took it, a second job), skipped when it would come too late, opted out when the address stopped the
 * company's messages since it was written. Counts the try.
 */
async function claim(db: Db, messageId: string): Promise<RecipientMessageRow | null> {
  return db.transaction(async (tx) => {
    const m = await lockRecipientMessage(tx, messageId);
    if (!m || (m.status !== 'queued' && m.status !== 'held')) return null;
    const state = await findDeliveryState(tx, m.deliveryId);
    if (
      ONLY_WHILE_UNDER_WAY.has(m.kind) &&
      (!state || LIVE_FINAL_STATUSES.includes(state.liveStatusSlug as LiveStatus))
    ) {
      await updateRecipientMessage(tx, m.id, {
        status: 'skipped',
        error: 'The delivery ended before this could go.',
      });
      await recordMessageEvent(tx, m, 'skipped');
      return null;
    }
    if ((await optedOutAddresses(tx, m.companyId, m.channel, [m.toAddress])).size > 0) {
      await updateRecipientMessage(tx, m.id, { status: 'opted-out' });
      await recordMessageEvent(tx, m, 'opted-out');
      return null;
    }
    return (await updateRecipientMessage(tx, m.id, { attempts: m.attempts + 1 })) ?? null;
  });
}

/**
 * Sends one message to a recipient (issue 36, decision 071): a text through the SMS provider (or, with none, into the
 * platform's outbox), an e-mail through the mail transport. A provider's failure is tried again with backoff (30 s,
 * 1 min … up to an hour, RECIPIENT_MESSAGES.retryLimit times), then the message is failed; a refusal for good (not a
 * number, the recipient's STOP) fails it at once. A crash between the provider's acceptance and the row's update
 * sends it once more (at least once, as mail).
 */
export function recipientsSendJob(
  deps: RecipientSendDeps,
  retryDelaySeconds = 30,
): JobDefinition<{ messageId: string }> {
  const { db } = deps;
  const statusCallbackUrl = deps.sms
    ? `${deps.appUrl.replace(/\/+$/, '')}/api/v1/recipient-messages/twilio/status`
    : undefined;
  return {
    name: RECIPIENTS_SEND_JOB,
    retryLimit: RECIPIENT_MESSAGES.retryLimit,
    retryDelaySeconds,
    retryDelayMaxSeconds: 3_600,
    expireInSeconds: 120,
    concurrency: 4,
    async handle({ messageId }, job) {
      const m = await claim(db, messageId);
      if (!m) return;
      try {
        if (m.channel === 'sms') {
          if (deps.sms) {
            const sent = await deps.sms.send(
              { to: m.toAddress, body: m.body, ...(statusCallbackUrl ? { statusCallbackUrl } : {}) },
              job.signal,
            );
            await settle(db, m, {
              status: 'sent',
              provider: deps.sms.kind,
              providerMessageId: sent.providerMessageId,
              sentAt: new Date(),
              error: null,
            });
          } else {
            await insertOutboxMail(db, {
              to: m.toAddress,
              subject: 'Text message',
              text: m.body,
              html: null,
              transport: 'outbox',
              channel: 'sms',
            });
            await settle(db, m, { status: 'sent', provider: 'outbox', sentAt: new Date(), error: null });
          }
          return;
        }
        const company = await findCompanyLetterhead(db, m.companyId);
        const base = deps.appUrl.replace(/\/+$/, '');
        await deps.mailer.send(
          recipientMail({
            to: m.toAddress,
            subject: m.subject ?? '',
            body: m.body,
            company: letterhead(company ?? { name: '', logoUrl: null }, deps.appUrl),
            optOutUrl: `${base}/stop-messages?t=${m.optOutToken}`,
            oneClickUrl: `${base}/api/v1/recipient-messages/opt-out/${m.optOutToken}`,
          }),
        );
        await settle(db, m, { status: 'sent', provider: deps.mailer.kind, sentAt: new Date(), error: null });
      } catch (err) {
        const message = (err as Error).message.slice(0, 500);
        if (err instanceof SmsRefusedError) {
          if (err.optedOut)
            await insertOptOut(db, {
              companyId: m.companyId,
              channel: 'sms',
              address: m.toAddress,
              source: 'sms-stop',
            });
          await settle(db, m, {
            status: err.optedOut ? 'opted-out' : 'failed',
            provider: deps.sms?.kind ?? null,
            error: message,
          });
          return;
        }
        if (job.retryCount >= RECIPIENT_MESSAGES.retryLimit) {
          await settle(db, m, { status: 'failed', error: `Gave up after ${m.attempts} tries: ${message}` });
          return;
        }
        await updateRecipientMessage(db, m.id, { error: message });
        throw err;
      }
    },
  };
}
