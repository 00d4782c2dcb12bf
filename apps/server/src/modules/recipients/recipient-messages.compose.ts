import {
  inQuietHours,
  minutesOfDay,
  renderRecipientTemplate,
  type RecipientMessageKind,
  type RecipientPlaceholder,
} from '@courier/contract';
import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '../../db/client.js';
import type { JobRunner } from '../../db/jobs/job-runner.js';
import { canTakeTexts, toE164 } from '../../lib/phone-numbers.js';
import { formatClockIn, formatWindowIn } from '../../lib/zoned-format.js';
import { dayIn, minuteOfDayIn, nextDay, zonedInstant } from '../../lib/zoned-time.js';
import { recordEvents } from '../live/index.js';
import { loadMessageChoices } from './recipient-settings.service.js';
import {
  findMessageSubject,
  findProofTypes,
  findStopsEta,
  insertRecipientMessages,
  latestFailureReason,
  listDropoffContacts,
  optedOutAddresses,
  type NewRecipientMessage,
} from './recipients.queries.js';

/** The job that sends one message to a recipient. */
export const RECIPIENTS_SEND_JOB = 'recipients.send';

/** A moment a delivery's recipients are told of. */
export interface Moment {
  kind: RecipientMessageKind;
  deliveryId: string;
  /** Names the moment: a second moment with the same key to the same address is not sent (`status:<event id>`). */
  eventKey: string;
  /** Only this stop's contacts (arriving soon); all the dropoffs' otherwise. */
  stepId?: string;
  /** The arrival the message announces (arriving soon); otherwise the dropoff's stored ETA, when it has one. */
  eta?: Date;
}

/** The end of the quiet hours that `now` falls in, in `timeZone`; null when `now` is not in them. */
export function quietHoursEnd(
  now: Date,
  choices: { quietFrom: string; quietUntil: string; sendAtNight: boolean },
  timeZone: string,
): Date | null {
  if (choices.sendAtNight) return null;
  if (!inQuietHours(minuteOfDayIn(timeZone, now), choices.quietFrom, choices.quietUntil)) return null;
  const until = minutesOfDay(choices.quietUntil)!;
  const today = dayIn(timeZone, now);
  const endToday = zonedInstant(today, until, timeZone);
  return endToday > now ? endToday : zonedInstant(nextDay(today), until, timeZone);
}

/** "signed for", "photo taken", "handed over with your code": what proves a delivery, in a recipient's words. */
export function proofWords(proofTypes: readonly string[]): string {
  const words: string[] = [];
  if (proofTypes.includes('pin')) words.push('handed over with your code');
  if (proofTypes.includes('signature')) words.push('signed for');
  if (proofTypes.includes('photo')) words.push('photo taken');
  return words.length > 0 ? words.join(', ') : 'handed over';
}

/**
 * Writes the messages a moment makes, in the caller's transaction (the events' consumer's, or the ETA's): one per
 * contact of the delivery's dropoffs and channel the owner company chose, its words rendered now, each queued as a
 * job (held until the quiet hours end when they are on). A moment already written to an address is left alone (the
 * unique key), an address that stopped the company's messages is logged as opted out, a number that is not one as
 * failed: the delivery's log tells the office why a recipient heard nothing.
 */
export async function composeMessages(
  tx: DbOrTx,
  jobs: Pick<JobRunner, 'send'>,
  moment: Moment,
  opts: { appUrl: string; now?: Date },
): Promise<number> {
  const now = opts.now ?? new Date();
  const subject = await findMessageSubject(tx, moment.deliveryId);
  if (!subject) return 0;
  const choices = await loadMessageChoices(tx, subject.ownerCompanyId);
  const template = choices.templates[moment.kind];
  if (template.channels === 'none') return 0;
  const contacts = (await listDropoffContacts(tx, moment.deliveryId)).filter(
    (c) => !moment.stepId || c.stepId === moment.stepId,
  );
  if (contacts.length === 0) return 0;

  const zone = subject.timeZone;
  const country = subject.countryCode;
  const eta =
    moment.eta ??
    (moment.kind === 'on-the-way' || moment.kind === 'rescheduled'
      ? await findStopsEta(
          tx,
          contacts.map((c) => c.stepId),
        )
      : null);
  const values: Partial<Record<RecipientPlaceholder, string>> = {
    company: subject.companyName,
    tracking_link: `${opts.appUrl.replace(/\/+$/, '')}/track/${subject.trackingToken}`,
    window:
      subject.windowStartAt && subject.windowEndAt
        ? formatWindowIn(subject.windowStartAt, subject.windowEndAt, zone, country)
        : '',
    eta: eta ? formatClockIn(eta, zone, country) : '',
  };
  if (moment.kind === 'delivered') values.proof = proofWords(await findProofTypes(tx, moment.deliveryId));
  if (moment.kind === 'failed')
    values.reason = (await latestFailureReason(tx, moment.deliveryId))?.trim() || 'no one could take it';

  const quietEnd = quietHoursEnd(now, choices, zone);
  const base = {
    companyId: subject.ownerCompanyId,
    deliveryId: moment.deliveryId,
    kind: moment.kind,
    eventKey: moment.eventKey,
  };
  const rows: NewRecipientMessage[] = [];
  const seen = new Set<string>();
  const sendsSms = template.channels === 'sms' || template.channels === 'both';
  const sendsEmail = template.channels === 'email' || template.channels === 'both';
  for (const contact of contacts) {
    const personal = { ...values, recipient_name: contact.firstname };
    if (sendsSms && contact.phoneNumber.trim()) {
      const e164 = toE164(contact.phoneNumber, country);
      const to = e164 ?? contact.phoneNumber.trim();
      if (!seen.has(`sms ${to}`)) {
        seen.add(`sms ${to}`);
        const body = renderRecipientTemplate(template.smsBody, personal, 'sms');
        const invalid = !e164
          ? `Not a valid phone number for ${country ?? 'GB'}: write it with its country code (+44…).`
          : !canTakeTexts(e164)
            ? 'This number cannot take text messages (a landline).'
            : null;
        rows.push({
          ...base,
          stepId: contact.stepId,
          channel: 'sms',
          toAddress: to,
          body,
          ...(invalid ? { status: 'failed', error: invalid } : {}),
        });
      }
    }
    const email = contact.email?.trim().toLowerCase();
    if (sendsEmail && email && !seen.has(`email ${email}`)) {
      seen.add(`email ${email}`);
      rows.push({
        ...base,
        stepId: contact.stepId,
        channel: 'email',
        toAddress: email,
        subject: renderRecipientTemplate(template.emailSubject, personal),
        body: renderRecipientTemplate(template.emailBody, personal),
        optOutToken: randomBytes(24).toString('base64url'),
      });
    }
  }
  const [smsOut, emailOut] = await Promise.all([
    optedOutAddresses(
      tx,
      subject.ownerCompanyId,
      'sms',
      rows.filter((r) => r.channel === 'sms').map((r) => r.toAddress),
    ),
    optedOutAddresses(
      tx,
      subject.ownerCompanyId,
      'email',
      rows.filter((r) => r.channel === 'email').map((r) => r.toAddress),
    ),
  ]);
  for (const row of rows) {
    if (row.status) continue;
    if ((row.channel === 'sms' ? smsOut : emailOut).has(row.toAddress)) row.status = 'opted-out';
    else if (quietEnd && moment.kind === 'arriving-soon') {
      row.status = 'skipped';
      row.error = `Quiet hours (${choices.quietFrom}–${choices.quietUntil}): an arrival notice held until morning would come too late.`;
    } else if (quietEnd) {
      row.status = 'held';
      row.sendAfter = quietEnd;
    }
  }
  const made = await insertRecipientMessages(tx, rows);
  for (const m of made)
    if (m.status === 'queued' || m.status === 'held')
      await jobs.send(
        tx,
        RECIPIENTS_SEND_JOB,
        { messageId: m.id },
        m.sendAfter ? { startAfter: m.sendAfter } : {},
      );
  if (made.length > 0)
    await recordEvents(
      tx,
      made.map((m) => ({
        type: 'recipient.message' as const,
        data: { deliveryUuid: m.deliveryId, messageUuid: m.id, status: m.status },
        audience: {
          deliveryId: m.deliveryId,
          ownerCompanyId: subject.ownerCompanyId,
          carrierCompanyId: subject.carrierCompanyId,
          driverUserIds: [],
        },
      })),
    );
  return made.length;
}
