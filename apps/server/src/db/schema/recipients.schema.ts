import {
  RECIPIENT_MESSAGES,
  type RecipientChannel,
  type RecipientChannelChoice,
  type RecipientMessageKind,
  type RecipientMessageStatus,
} from '@courier/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, tstz, updatedAt } from './columns.js';
import { deliveries, deliverySteps } from './deliveries.schema.js';
import { companies } from './identity.schema.js';

/**
 * A company's choices for the messages its recipients get (issue 36, decision 071). No row: the defaults
 * (`RECIPIENT_MESSAGES`). Quiet hours are local times of day in the recipient's time zone.
 */
export const recipientMessageSettings = pgTable('recipient_message_settings', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  arrivingSoonMinutes: integer('arriving_soon_minutes')
    .notNull()
    .default(RECIPIENT_MESSAGES.arrivingSoonMinutesDefault),
  quietFrom: text('quiet_from').notNull().default(RECIPIENT_MESSAGES.quietFromDefault),
  quietUntil: text('quiet_until').notNull().default(RECIPIENT_MESSAGES.quietUntilDefault),
  /** Send at night too (a night service): quiet hours are ignored. */
  sendAtNight: boolean('send_at_night').notNull().default(false),
  updatedAt: updatedAt(),
});

/** A company's words for one moment; no row: `DEFAULT_RECIPIENT_TEMPLATES`. */
export const recipientMessageTemplates = pgTable(
  'recipient_message_templates',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<RecipientMessageKind>().notNull(),
    channels: text('channels').$type<RecipientChannelChoice>().notNull(),
    smsBody: text('sms_body').notNull(),
    emailSubject: text('email_subject').notNull(),
    emailBody: text('email_body').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.kind] })],
);

/**
 * Every message to a recipient, one per channel and address (issue 36): what was written, to whom, and what became
 * of it. `event_key` names the moment (`status:<event id>`, `arriving-soon:<step>:<leg>`): the unique index makes a
 * second send of the same moment to the same address a no-op, whichever process or retry tries it.
 */
export const recipientMessages = pgTable(
  'recipient_messages',
  {
    id: id(),
    /** The company whose words and name the message carries (the delivery's owner). */
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    stepId: uuid('step_id').references(() => deliverySteps.id, { onDelete: 'set null' }),
    kind: text('kind').$type<RecipientMessageKind>().notNull(),
    channel: text('channel').$type<RecipientChannel>().notNull(),
    eventKey: text('event_key').notNull(),
    /** E.164 for a text message, the e-mail address for an e-mail. */
    toAddress: text('to_address').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    status: text('status').$type<RecipientMessageStatus>().notNull().default('queued'),
    /** `twilio`, `smtp`, or `outbox` (no provider: kept for the platform admin). */
    provider: text('provider'),
    providerMessageId: text('provider_message_id'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    /** Held for quiet hours until then. */
    sendAfter: tstz('send_after'),
    sentAt: tstz('sent_at'),
    /** An e-mail's "stop these messages" link carries this random token (it names the company and the address). */
    optOutToken: text('opt_out_token'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('recipient_messages_opt_out_token_unique').on(t.optOutToken),
    uniqueIndex('recipient_messages_once_unique').on(t.eventKey, t.channel, t.toAddress),
    index('recipient_messages_delivery_idx').on(t.deliveryId, t.createdAt),
    index('recipient_messages_provider_idx').on(t.providerMessageId),
    index('recipient_messages_to_idx').on(t.toAddress, t.createdAt),
  ],
);

/** A recipient who asked for no more messages from a company (STOP by text, the link of an e-mail). */
export const recipientOptOuts = pgTable(
  'recipient_opt_outs',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<RecipientChannel>().notNull(),
    address: text('address').notNull(),
    /** `sms-stop` or `email-link`. */
    source: text('source').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.channel, t.address] })],
);

/**
 * What the recipient tells the driver about a stop from the tracking page (issue 36): a door code, where to leave it,
 * whether to call on arrival, a note. One per stop, written again as often as the recipient likes before delivery.
 */
export const recipientInstructions = pgTable('recipient_instructions', {
  stepId: uuid('step_id')
    .primaryKey()
    .references(() => deliverySteps.id, { onDelete: 'cascade' }),
  deliveryId: uuid('delivery_id')
    .notNull()
    .references(() => deliveries.id, { onDelete: 'cascade' }),
  doorCode: text('door_code').notNull().default(''),
  safePlace: text('safe_place').notNull().default(''),
  callOnArrival: boolean('call_on_arrival').notNull().default(false),
  note: text('note').notNull().default(''),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The recipient's rating of a delivery once it is done (one per delivery, from the tracking page). */
export const recipientRatings = pgTable(
  'recipient_ratings',
  {
    deliveryId: uuid('delivery_id')
      .primaryKey()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    stars: smallint('stars').notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [check('recipient_ratings_stars_check', sql`${t.stars} between 1 and 5`)],
);
