import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/executed-rows.js';
import type { JobDefinition, JobRunner } from '../../db/jobs/job-runner.js';
import { composeMessages } from './recipient-messages.compose.js';

export const RECIPIENTS_ARRIVING_SOON_JOB = 'recipients.arriving-soon';

/** Stops looked at in one run (the soonest first); the next minute takes the rest. */
const BATCH = 200;

interface Candidate {
  delivery_id: string;
  step_id: string;
  leg_key: string;
  arrive_at: Date | string;
}

/**
 * The dropoffs with a contact whose one ETA (stop_etas, decision 073) is within their owner's "arriving soon" minutes,
 * on deliveries on their way to a dropoff whose owner sends "arriving soon" (its template's channels are not `none`;
 * no row: the default, which sends), and no notice yet for this stop and leg (the latest `en-route-to-dropoff`
 * record: a delivery planned again after a failure is announced again).
 */
async function candidates(db: Db, now: Date): Promise<Candidate[]> {
  return rowsOf<Candidate>(
    await db.execute(sql`
      select d.id as delivery_id, e.delivery_step_id as step_id, leg.id::text as leg_key, e.arrive_at
        from deliveries d
        join stop_etas e on e.delivery_id = d.id
        cross join lateral (
          select r.id, r.created_at from delivery_status_records r
           where r.delivery_id = d.id and r.status_type = 'live' and r.status_slug = 'en-route-to-dropoff'
           order by r.seq desc limit 1) leg
        left join recipient_message_settings s on s.company_id = d.owner_company_id
        left join recipient_message_templates tpl on tpl.company_id = d.owner_company_id and tpl.kind = 'arriving-soon'
       where d.live_status_slug = 'en-route-to-dropoff'
         and coalesce(tpl.channels, 'sms') <> 'none'
         and e.arrive_at <= ${now.toISOString()}::timestamptz + make_interval(mins => coalesce(s.arriving_soon_minutes, 10))
         and exists (select 1 from delivery_step_tasks t
                       join delivery_step_task_contacts c on c.task_id = t.id
                      where t.step_id = e.delivery_step_id and t.type_slug = 'dropoff')
         and not exists (select 1 from recipient_messages m
                          where m.delivery_id = d.id and m.kind = 'arriving-soon'
                            and m.event_key = 'arriving-soon:' || e.delivery_step_id::text || ':' || leg.id::text)
       order by e.arrive_at
       limit ${BATCH}`),
  );
}

/**
 * "Arriving soon" (issue 36, decisions 071, 073): every minute, each dropoff whose one stored ETA — the value every
 * page shows and the ETA webhook sends — is within the owner's chosen minutes has its notice written, once per stop
 * and leg (the message's key), with that ETA as `{eta}`.
 */
export function arrivingSoonJob(db: Db, jobs: Pick<JobRunner, 'send'>, appUrl: string): JobDefinition {
  return {
    name: RECIPIENTS_ARRIVING_SOON_JOB,
    cron: '* * * * *',
    policy: 'stately',
    retryLimit: 1,
    expireInSeconds: 120,
    async handle() {
      for (const c of await candidates(db, new Date()))
        await db.transaction((tx) =>
          composeMessages(
            tx,
            jobs,
            {
              kind: 'arriving-soon',
              deliveryId: c.delivery_id,
              stepId: c.step_id,
              eventKey: `arriving-soon:${c.step_id}:${c.leg_key}`,
              eta: new Date(c.arrive_at),
            },
            { appUrl },
          ),
        );
    },
  };
}
