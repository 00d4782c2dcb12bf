import {
  LIVE_ACTIVE_STATUSES,
  LIVE_STATUSES,
  TRACKING,
  type DeliveryStats,
  type LiveStatus,
} from '@courier/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/executed-rows.js';

const num = (v: unknown) => Number(v ?? 0);

/**
 * The dashboard's figures in five aggregate queries over the deliveries the company owns or carries. "Today" and
 * the days of the series are in the caller's time zone.
 */
export async function deliveryStats(
  db: DbOrTx,
  opts: { companyId: string; days: number; tz: string },
): Promise<DeliveryStats> {
  const visible = sql`(d.owner_company_id = ${opts.companyId} or d.carrier_company_id = ${opts.companyId})`;
  const dayStart = sql`(date_trunc('day', now() at time zone ${opts.tz}) at time zone ${opts.tz})`;
  const stillWorked = sql.join(
    ['created', 'scheduled', ...LIVE_ACTIVE_STATUSES].map((s) => sql`${s}`),
    sql`, `,
  );

  const [byStatus, figures, onTime, perDay, satisfaction] = await Promise.all([
    db.execute(
      sql`select d.live_status_slug as slug, count(*)::int as n from deliveries d where ${visible} group by d.live_status_slug`,
    ),
    db.execute(sql`
      select
        count(*) filter (where
          exists (select 1 from delivery_schedule_windows w where w.delivery_id = d.id and w.start_at < ${dayStart} + interval '1 day' and w.end_at >= ${dayStart})
          or (not exists (select 1 from delivery_schedule_windows w where w.delivery_id = d.id)
              and d.created_at >= ${dayStart} and d.created_at < ${dayStart} + interval '1 day'))::int as today,
        count(*) filter (where d.live_status_slug in (${stillWorked})
          and exists (select 1 from delivery_schedule_windows w where w.delivery_id = d.id
                      and w.type_slug in ('dropoff', 'whole-delivery') and w.end_at < now()))::int as late
      from deliveries d where ${visible}`),
    db.execute(sql`
      select count(*)::int as finished,
             count(*) filter (where d.completed_at <= (select max(w.end_at) from delivery_schedule_windows w
                                                       where w.delivery_id = d.id and w.type_slug in ('dropoff', 'whole-delivery')))::int as on_time
      from deliveries d
      where ${visible} and d.live_status_slug = 'completed'
        and d.completed_at >= ${dayStart} - make_interval(days => ${opts.days - 1})
        and exists (select 1 from delivery_schedule_windows w where w.delivery_id = d.id and w.type_slug in ('dropoff', 'whole-delivery'))`),
    db.execute(sql`
      with days as (
        select generate_series(${dayStart} - make_interval(days => ${opts.days - 1}), ${dayStart}, interval '1 day') as start
      )
      select to_char(days.start at time zone ${opts.tz}, 'YYYY-MM-DD') as date,
             (select count(*) from deliveries d where ${visible} and d.created_at >= days.start and d.created_at < days.start + interval '1 day')::int as created,
             (select count(*) from deliveries d where ${visible} and d.live_status_slug = 'completed'
                and d.completed_at >= days.start and d.completed_at < days.start + interval '1 day')::int as completed
      from days order by days.start`),
    // Recipients' ratings from the tracking page (issue 36), by when they were given.
    db.execute(sql`
      select avg(r.stars)::float8 as average, count(*)::int as n
      from recipient_ratings r join deliveries d on d.id = r.delivery_id
      where ${visible} and r.created_at >= now() - make_interval(days => ${TRACKING.satisfactionDays})`),
  ]);

  const counts = Object.fromEntries(LIVE_STATUSES.map((s) => [s, 0])) as Record<LiveStatus, number>;
  for (const r of rowsOf(byStatus))
    if ((LIVE_STATUSES as readonly string[]).includes(String(r.slug)))
      counts[r.slug as LiveStatus] = num(r.n);
  const f = rowsOf(figures)[0] ?? {};
  const o = rowsOf(onTime)[0] ?? {};
  const finished = num(o.finished);
  const rated = rowsOf(satisfaction)[0] ?? {};
  return {
    total: Object.values(counts).reduce((a, b) => a + b, 0),
    byStatus: counts,
    today: num(f.today),
    late: num(f.late),
    onTimeRate: finished > 0 ? num(o.on_time) / finished : null,
    recipientSatisfaction: {
      averageStars: num(rated.n) > 0 ? Math.round(num(rated.average) * 10) / 10 : null,
      ratings: num(rated.n),
    },
    perDay: rowsOf(perDay).map((r) => ({
      date: String(r.date),
      created: num(r.created),
      completed: num(r.completed),
    })),
  };
}
