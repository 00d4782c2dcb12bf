import type { LiveEventData, RecipientMessageKind } from '@courier/contract';
import type { JobRunner } from '../../db/jobs/job-runner.js';
import type { EventConsumer, OfferedEvent } from '../live/index.js';
import { composeMessages } from './recipient-messages.compose.js';
import { liveStatusBefore } from './recipients.queries.js';

/** The status moves a recipient hears of; `assigned` only when it re-plans a failed delivery (`rescheduled`). */
const KIND_OF_STATUS: Readonly<Record<string, RecipientMessageKind>> = {
  'en-route-to-dropoff': 'on-the-way',
  delivered: 'delivered',
  failed: 'failed',
};

/**
 * The recipients' consumer of recorded events (decisions 059, 071): a delivery's status moves become messages to the
 * contacts of its dropoffs, written in the transaction that takes the events (so each is made once), each sent by
 * its own job after that commits.
 */
export function recipientsConsumer(jobs: Pick<JobRunner, 'send'>, appUrl: string): EventConsumer {
  return {
    name: 'recipients',
    async consume(tx, events: readonly OfferedEvent[]) {
      for (const e of events) {
        if (e.type !== 'delivery.status' || !e.deliveryId) continue;
        const { status, at } = e.data as LiveEventData<'delivery.status'>;
        let kind = KIND_OF_STATUS[status];
        if (!kind && status === 'assigned') {
          // Planned again after a failure: the move before this one (whose record is stamped `at`) was `failed`.
          if ((await liveStatusBefore(tx, e.deliveryId, new Date(at))) === 'failed') kind = 'rescheduled';
        }
        if (!kind) continue;
        await composeMessages(
          tx,
          jobs,
          { kind, deliveryId: e.deliveryId, eventKey: `status:${e.id}` },
          { appUrl },
        );
      }
    },
  };
}
