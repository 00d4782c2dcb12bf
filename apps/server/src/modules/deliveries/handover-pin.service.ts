import { HANDOVER_PIN, type HandoverPinBody, type TaskProof } from '@courier/contract';
import { lockDelivery, type DeliveryAccess } from '../../access/delivery-access.js';
import type { Db } from '../../db/client.js';
import { AppError, unprocessable } from '../../lib/app-error.js';
import { samePin } from '../../lib/handover-pin.js';
import type { FileStorage } from '../../lib/storage/storage.js';
import { textPdf } from '../../lib/text-pdf.js';
import {
  attachProof,
  presentedProof,
  requireTaskOfDelivery,
  transactionWithUploads,
} from '../documents/index.js';
import {
  completeTask,
  findHandoverPin,
  findUserName,
  insertHandoverAttempt,
  listCountedFailures,
} from './handover-pin.queries.js';
import { personOf } from '../../access/actor.js';

const LOCK_MS = HANDOVER_PIN.lockMinutes * 60_000;

type Outcome =
  | { kind: 'confirmed'; proofId: string }
  | { kind: 'wrong'; triesLeft: number; lockedUntil: Date | null }
  | { kind: 'locked'; until: Date };

/**
 * Checks the recipient's handover code on a task of the delivery (decision 020), under the delivery's lock so two
 * attempts are counted one after the other. A right code records the task's proof (a small PDF saying who confirmed
 * it and when) and completes the task; a wrong one is counted in the database and answered 422 with the tries left;
 * after HANDOVER_PIN.attemptsMax wrong codes within HANDOVER_PIN.lockMinutes every code is answered 429 until then.
 */
export async function confirmHandoverPin(
  db: Db,
  storage: FileStorage,
  access: DeliveryAccess,
  body: HandoverPinBody,
): Promise<TaskProof> {
  const outcome = await transactionWithUploads<Outcome>(db, storage, async (tx, store) => {
    const locked = await lockDelivery(tx, access);
    const now = new Date();
    const failures = await listCountedFailures(tx, locked, {
      since: new Date(now.getTime() - LOCK_MS),
      limit: HANDOVER_PIN.attemptsMax,
    });
    const until = lockEnd(failures);
    if (until) return { kind: 'locked', until };
    const task = await requireTaskOfDelivery(tx, locked, body.deliveryStepTaskUuid);
    const pin = await findHandoverPin(tx, locked);
    if (!pin || !samePin(pin, body.pin)) {
      await insertHandoverAttempt(tx, locked, { taskId: task.taskId, succeeded: false, at: now });
      const counted = [{ createdAt: now }, ...failures];
      return {
        kind: 'wrong',
        triesLeft: Math.max(0, HANDOVER_PIN.attemptsMax - counted.length),
        lockedUntil: lockEnd(counted),
      };
    }
    await insertHandoverAttempt(tx, locked, { taskId: task.taskId, succeeded: true, at: now });
    const driver = await findUserName(tx, personOf(locked.actor));
    const proofId = await attachProof(tx, store, locked, {
      task,
      upload: {
        bytes: textPdf('Handover code confirmed', [
          `Delivery: ${locked.delivery.name}`,
          `Confirmed by ${driver} at ${now.toISOString().replace('T', ' ').slice(0, 16)} UTC`,
          'The recipient gave the handover code and the driver typed it.',
        ]),
        filename: 'handover-code.pdf',
        fields: {},
      },
      allowed: ['application/pdf'],
      proofTypeSlug: HANDOVER_PIN.proofTypeSlug,
      documentTypeSlug: 'proof-of-delivery',
      proofName: 'Handover code',
    });
    await completeTask(tx, locked, task.taskId, now);
    return { kind: 'confirmed', proofId };
  });
  if (outcome.kind === 'locked') throw tooManyCodes(outcome.until);
  if (outcome.kind === 'wrong') {
    const tries = outcome.lockedUntil
      ? `No tries left: the code is locked until ${clock(outcome.lockedUntil)} UTC.`
      : `${outcome.triesLeft} ${outcome.triesLeft === 1 ? 'try' : 'tries'} left.`;
    throw unprocessable({ pin: [`That code is not right. Ask the recipient to read it again. ${tries}`] });
  }
  return presentedProof(db, access, outcome.proofId, null);
}

/** When a run of `attemptsMax` counted wrong codes stops counting; null while fewer than that count. */
function lockEnd(failures: { createdAt: Date }[]): Date | null {
  const oldest = failures[HANDOVER_PIN.attemptsMax - 1];
  return oldest ? new Date(oldest.createdAt.getTime() + LOCK_MS) : null;
}

const clock = (d: Date) => d.toISOString().slice(11, 16);

function tooManyCodes(until: Date) {
  const seconds = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  return new AppError(
    429,
    'too_many_attempts',
    `Too many wrong codes for this delivery. Try again in ${minutes} minute${minutes === 1 ? '' : 's'} (at ${clock(until)} UTC).`,
    undefined,
    { 'retry-after': String(seconds) },
  );
}
