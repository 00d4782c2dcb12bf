import { bigint, bigserial, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { tstz } from './columns.js';

/**
 * The live stream's events (decision 023): written in the transaction of the change they describe, published on
 * commit, kept `LIVE_STREAM.retentionHours` for clients that reconnect. `id` is the SSE event id (in order of
 * insertion; see the decision for ids that commit out of order). The audience is the event's subject as the access
 * policy reads it: a delivery (owner, carrier, drivers assigned at the time) or a company (with the drivers it names).
 * No foreign keys: an event outlives nothing it names for long, and a delete must not wait on the stream's table.
 */
export const events = pgTable(
  'events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    /** The delivery the event is about; null for a company's event (fleet, a driver's status). */
    deliveryId: uuid('delivery_id'),
    /** The delivery's owner, or the company of a company event. */
    ownerCompanyId: uuid('owner_company_id').notNull(),
    carrierCompanyId: uuid('carrier_company_id'),
    /** The drivers assigned to the delivery at the time, or the drivers a company event is about. */
    driverUserIds: uuid('driver_user_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    payload: jsonb('payload').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('events_created_at_idx').on(t.createdAt),
    index('events_owner_idx').on(t.ownerCompanyId, t.id),
    index('events_carrier_idx').on(t.carrierCompanyId, t.id),
    index('events_drivers_idx').using('gin', t.driverUserIds),
  ],
);

/**
 * The events its consumers have not taken yet (issue 31, decision 055): a row per event, written with it, deleted by
 * the `events.consume` job in the transaction in which the consumers (notifications; next, webhooks) act on it. An
 * outbox: each event is consumed once, exactly when its change commits, whatever the process does next. Keyed by the
 * event; `actor_user_id` is the user whose action it was (the event does not keep it), whom notifications leave out.
 * No foreign key: the events' purge skips an event still waiting here.
 */
export const eventOutbox = pgTable('event_outbox', {
  eventId: bigint('event_id', { mode: 'number' }).primaryKey(),
  actorUserId: uuid('actor_user_id'),
});
