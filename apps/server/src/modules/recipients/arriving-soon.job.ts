import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/executed-rows.js';
import type { JobDefinition, JobRunner } from '../../db/jobs/job-runner.js';
import type { RouteEstimator } from '../../lib/routing/routing.js';
import { deliveryLive } from '../positions/index.js';
import { composeMessages } from './recipient-messages.compose.js';

export const RECIPIENTS_ARRIVING_SOON_JOB = 'recipients.arriving-soon';

/** Deliveries looked at in one run (the oldest legs first); the next minute takes the rest. */
const BATCH = 200;

interface Candidate {
  id: string;
  live_status_slug: string;
  driver_ids: string[] | string;
  leg_key: string;
  minutes: number;
  dropoff_step_ids: string[] | string;
}

const pgArray = (v: string[] | string): string[] =>
  Array.isArray(v)
    ? v
    : v
        .replace(/^\{|\}$/g, '')
        .split(',')
        .filter(Boolean);

/**
 * The deliveries on their way to a dropoff whose owner sends "arriving soon" (its template's channels are not
 * `none`; no row: the default, which sends), with a contact at a dropoff, and no arrival notice yet for this leg (the
 * latest `en-route-to-dropoff` record: a delivery planned again after a failure is announced again).
 */
async function candidates(db: Db): Promise<Candidate[]> {
  return rowsOf<Candidate>(
    await db.execute(sql`
      select d.id, d.live_status_slug,
             coalesce((select a.driver_user_ids from delivery_assignments a
                        where a.delivery_id = d.id and a.unassigned_at is null limit 1), '{}') as driver_ids,
             leg.id::text as leg_key,
             coalesce(s.arriving_soon_minutes, 10) as minutes,
             (select array_agg(distinct st.id) from delivery_steps st
                join delivery_step_tasks t on t.step_id = st.id and t.type_slug = 'dropoff'
                join delivery_step_task_contacts c on c.task_id = t.id
               where st.delivery_id = d.id) as dropoff_step_ids
        from deliveries d
        cross join lateral (
          select r.id, r.created_at from delivery_status_records r
           where r.delivery_id = d.id and r.status_type = 'live' and r.status_slug = 'en-route-to-dropoff'
           order by r.seq desc limit 1) leg
        left join recipient_message_settings s on s.company_id = d.owner_company_id
        left join recipient_message_templates tpl on tpl.company_id = d.owner_company_id and tpl.kind = 'arriving-soon'
       where d.live_status_slug = 'en-route-to-dropoff'
         and coalesce(tpl.channels, 'sms') <> 'none'
         and not exists (select 1 from recipient_messages m
                          where m.delivery_id = d.id and m.kind = 'arriving-soon'
                            and m.event_key like 'arriving-soon:%:' || leg.id::text)
       order by leg.created_at
       limit ${BATCH}`),
  ).filter((c) => pgArray(c.dropoff_step_ids ?? []).length > 0);
}

/**
 * "Arriving soon" (issue 36, decision 071): every minute, each delivery on its way to a dropoff is timed by the same
 * computation every view reads (`deliveryLive`: the office's, the driver's and the recipient's pages), and a dropoff
 * whose arrival is within the owner's chosen minutes has its notice written, once per stop and leg (the message's
 * key), with that arrival as `{eta}`.
 */
export function arrivingSoonJob(
  db: Db,
  jobs: Pick<JobRunner, 'send'>,
  estimator: RouteEstimator,
  appUrl: string,
): JobDefinition {
  return {
    name: RECIPIENTS_ARRIVING_SOON_JOB,
    cron: '* * * * *',
    policy: 'stately',
    retryLimit: 1,
    expireInSeconds: 120,
    async handle() {
      const now = Date.now();
      for (const c of await candidates(db)) {
        const view = await deliveryLive(
          db,
          estimator,
          {
            delivery: {
              id: c.id,
              liveStatusSlug: c.live_status_slug,
              assignedDriverIds: pgArray(c.driver_ids),
            },
          },
          now,
        );
        const dropoffs = new Set(pgArray(c.dropoff_step_ids));
        for (const arrival of view.arrivals) {
          if (!dropoffs.has(arrival.stepId)) continue;
          if (arrival.arriveAt.getTime() - now > Number(c.minutes) * 60_000) continue;
          await db.transaction((tx) =>
            composeMessages(
              tx,
              jobs,
              {
                kind: 'arriving-soon',
                deliveryId: c.id,
                stepId: arrival.stepId,
                eventKey: `arriving-soon:${arrival.stepId}:${c.leg_key}`,
                eta: arrival.arriveAt,
              },
              { appUrl },
            ),
          );
        }
      }
    },
  };
}
