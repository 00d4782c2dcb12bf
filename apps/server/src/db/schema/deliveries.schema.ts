import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, tstz, updatedAt } from './columns.js';
import { vehicles } from './fleet.schema.js';
import { addresses, companies, users } from './identity.schema.js';
import { apiKeys } from './integrations.schema.js';
import {
  deliveryCancelTypes,
  deliveryLiveStatuses,
  deliveryQuoteStatuses,
  deliveryScheduleWindowTypes,
  deliveryStepTaskTypes,
  originatorTypes,
} from './reference.schema.js';

/** Six digits from 48 random bits of a v4 uuid (PostgreSQL's strong random source, on PGlite too). */
const HANDOVER_PIN_DEFAULT =
  "lpad(((('x' || substr(md5(gen_random_uuid()::text), 1, 12))::bit(48)::bigint % 1000000))::text, 6, '0')";

/** 48 random bytes (3 × 122 random bits of v4 uuids), base64url without padding: 64 characters. */
const TRACKING_TOKEN_DEFAULT =
  "translate(encode(decode(replace(gen_random_uuid()::text || gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/', '-_')";

/** Accounts through which deliveries arrive (the web app, an API client, a shop integration). */
export const originatorAccounts = pgTable('originator_accounts', {
  id: id(),
  companyId: uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  originatorSlug: text('originator_slug')
    .notNull()
    .references(() => originatorTypes.slug),
  name: text('name').notNull(),
  externalId: text('external_id'),
  settings: text('settings'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A delivery (mission). The owner company created it; a carrier company (a courier that won it in the marketplace)
 * may work it too. Both see it; access checks accept either.
 */
export const deliveries = pgTable(
  'deliveries',
  {
    id: id(),
    ownerCompanyId: uuid('owner_company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    carrierCompanyId: uuid('carrier_company_id').references(() => companies.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    liveStatusSlug: text('live_status_slug')
      .notNull()
      .default('created')
      .references(() => deliveryLiveStatuses.slug),
    quoteStatusSlug: text('quote_status_slug')
      .notNull()
      .default('draft')
      .references(() => deliveryQuoteStatuses.slug),
    cancelTypeSlug: text('cancel_type_slug').references(() => deliveryCancelTypes.slug),
    liveStatusChangedAt: tstz('live_status_changed_at').notNull().defaultNow(),
    quoteStatusChangedAt: tstz('quote_status_changed_at').notNull().defaultNow(),
    startedAt: tstz('started_at'),
    completedAt: tstz('completed_at'),
    originatorSlug: text('originator_slug')
      .notNull()
      .default('web')
      .references(() => originatorTypes.slug),
    originatorAccountId: uuid('originator_account_id').references(() => originatorAccounts.id, {
      onDelete: 'set null',
    }),
    isScheduled: boolean('is_scheduled').notNull().default(false),
    distanceM: integer('distance_m').notNull().default(0),
    originalDistanceM: integer('original_distance_m').notNull().default(0),
    durationS: integer('duration_s').notNull().default(0),
    originalDurationS: integer('original_duration_s').notNull().default(0),
    maxVolumeCm3: integer('max_volume_cm3').notNull().default(0),
    maxWeightKg: doublePrecision('max_weight_kg').notNull().default(0),
    currencyCode: text('currency_code').notNull().default('GBP'),
    maxParcelPriceMinor: integer('max_parcel_price_minor').notNull().default(0),
    activeStepId: uuid('active_step_id'),
    activeTaskId: uuid('active_task_id'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    /** Short code a recipient uses on the tracking page. */
    trackingCode: text('tracking_code').notNull(),
    /**
     * The recipient's handover code (decision 020): HANDOVER_PIN.length digits, drawn by the server with `crypto`
     * on creation; the default (strong random digits from gen_random_uuid) covers rows written any other way.
     */
    handoverPin: text('handover_pin')
      .notNull()
      .default(sql`${sql.raw(HANDOVER_PIN_DEFAULT)}`),
    /**
     * The recipient's tracking token (decision 022): TRACKING.tokenBytes random bytes, base64url, drawn by the server
     * with `crypto`; the default (48 bytes from three v4 uuids, PostgreSQL's strong random source) covers existing
     * rows and rows written any other way. Kept plain (admins are shown it again), unique.
     */
    trackingToken: text('tracking_token')
      .notNull()
      .default(sql`${sql.raw(TRACKING_TOKEN_DEFAULT)}`),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The client's own reference, its order number (issue 34): unique per owner company when given. */
    externalId: text('external_id'),
    /** The API key that created it (decision 065); null when a person did. */
    createdByApiKeyId: uuid('created_by_api_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('deliveries_owner_external_id_idx')
      .on(t.ownerCompanyId, t.externalId)
      .where(sql`external_id is not null`),
    // Pages are read newest first through these, one index scan for owned and one for carried deliveries.
    index('deliveries_owner_created_idx').on(
      t.ownerCompanyId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('deliveries_owner_status_created_idx').on(
      t.ownerCompanyId,
      t.liveStatusSlug,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('deliveries_carrier_created_idx')
      .on(t.carrierCompanyId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.carrierCompanyId} is not null`),
    uniqueIndex('deliveries_tracking_code_unique').on(t.trackingCode),
    uniqueIndex('deliveries_tracking_token_unique').on(t.trackingToken),
  ],
);

export const deliveryScheduleWindows = pgTable(
  'delivery_schedule_windows',
  {
    id: id(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    typeSlug: text('type_slug')
      .notNull()
      .references(() => deliveryScheduleWindowTypes.slug),
    startAt: tstz('start_at').notNull(),
    endAt: tstz('end_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('delivery_schedule_windows_delivery_idx').on(t.deliveryId),
    index('delivery_schedule_windows_start_idx').on(t.startAt),
  ],
);

export const deliverySteps = pgTable(
  'delivery_steps',
  {
    id: id(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    stepOrderNo: integer('step_order_no').notNull(),
    addressId: uuid('address_id').references(() => addresses.id, { onDelete: 'set null' }),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    locationRouteId: uuid('location_route_id'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('delivery_steps_order_unique').on(t.deliveryId, t.stepOrderNo)],
);

export const deliveryStepTasks = pgTable(
  'delivery_step_tasks',
  {
    id: id(),
    stepId: uuid('step_id')
      .notNull()
      .references(() => deliverySteps.id, { onDelete: 'cascade' }),
    typeSlug: text('type_slug')
      .notNull()
      .references(() => deliveryStepTaskTypes.slug),
    taskOrderNo: integer('task_order_no').notNull(),
    completedAt: tstz('completed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('delivery_step_tasks_step_idx').on(t.stepId)],
);

export const contacts = pgTable(
  'contacts',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    email: text('email'),
    phoneNumber: text('phone_number').notNull().default(''),
    companyName: text('company_name').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('contacts_company_idx').on(t.companyId)],
);

export const parcels = pgTable(
  'parcels',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    volumeCm3: integer('volume_cm3').notNull().default(0),
    weightKg: doublePrecision('weight_kg').notNull().default(0),
    quantity: integer('quantity').notNull().default(1),
    valueMinor: integer('value_minor'),
    valueCurrencyCode: text('value_currency_code'),
    isFragile: boolean('is_fragile').notNull().default(false),
    trackingCode: text('tracking_code').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('parcels_company_idx').on(t.companyId, t.createdAt.desc()),
    uniqueIndex('parcels_tracking_code_unique').on(t.trackingCode),
  ],
);

export const deliveryStepTaskParcels = pgTable(
  'delivery_step_task_parcels',
  {
    taskId: uuid('task_id')
      .notNull()
      .references(() => deliveryStepTasks.id, { onDelete: 'cascade' }),
    parcelId: uuid('parcel_id')
      .notNull()
      .references(() => parcels.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.parcelId] }), index('dstp_parcel_idx').on(t.parcelId)],
);

/**
 * A parcel's label read by the driver's phone at a stop (issue 34): one per parcel and stop (a second read of the
 * same label there is refused, not stored twice); `scanned_at` is the phone's time, which an offline scan keeps.
 */
export const parcelScans = pgTable(
  'parcel_scans',
  {
    id: id(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    parcelId: uuid('parcel_id')
      .notNull()
      .references(() => parcels.id, { onDelete: 'cascade' }),
    stepId: uuid('step_id')
      .notNull()
      .references(() => deliverySteps.id, { onDelete: 'cascade' }),
    /** 'pickup' or 'dropoff': what the stop's tasks were for this parcel when it was read. */
    kind: text('kind').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    scannedAt: tstz('scanned_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('parcel_scans_parcel_step_unique').on(t.parcelId, t.stepId),
    index('parcel_scans_delivery_idx').on(t.deliveryId, t.scannedAt),
  ],
);

export const deliveryStepTaskContacts = pgTable(
  'delivery_step_task_contacts',
  {
    taskId: uuid('task_id')
      .notNull()
      .references(() => deliveryStepTasks.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.contactId] })],
);

export const parcelContacts = pgTable(
  'parcel_contacts',
  {
    parcelId: uuid('parcel_id')
      .notNull()
      .references(() => parcels.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.parcelId, t.contactId] })],
);

export const deliveryStatusRecords = pgTable(
  'delivery_status_records',
  {
    id: id(),
    /** Insertion order: several records can share one timestamp (created, draft, scheduled in one request). */
    seq: integer('seq').generatedAlwaysAsIdentity(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    statusType: text('status_type').$type<'live' | 'quote'>().notNull(),
    statusSlug: text('status_slug').notNull(),
    statusMessage: text('status_message'),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The API key whose call made the move (decision 065); null when a person (or the system) did. */
    createdByApiKeyId: uuid('created_by_api_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('delivery_status_records_delivery_idx').on(t.deliveryId, t.createdAt)],
);

export const deliveryQuotes = pgTable(
  'delivery_quotes',
  {
    id: id(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    priceMinor: integer('price_minor').notNull(),
    currencyCode: text('currency_code').notNull(),
    validUntil: tstz('valid_until').notNull(),
    statusSlug: text('status_slug')
      .notNull()
      .default('quoted')
      .references(() => deliveryQuoteStatuses.slug),
    createdByCompanyId: uuid('created_by_company_id').references(() => companies.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('delivery_quotes_delivery_idx').on(t.deliveryId)],
);

/** Which vehicle and drivers carry a delivery, and when; a new link closes the previous one. */
export const deliveryAssignments = pgTable(
  'delivery_assignments',
  {
    id: id(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    driverUserIds: uuid('driver_user_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    assignedByUserId: uuid('assigned_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: tstz('assigned_at').notNull().defaultNow(),
    unassignedAt: tstz('unassigned_at'),
  },
  (t) => [
    index('delivery_assignments_delivery_idx').on(t.deliveryId, t.assignedAt),
    index('delivery_assignments_open_vehicle_idx')
      .on(t.vehicleId)
      .where(sql`${t.unassignedAt} is null`),
    // A driver's assignments (`driver_user_ids @> array[user]`): every position batch looks them up (decision 022).
    index('delivery_assignments_drivers_idx').using('gin', t.driverUserIds),
  ],
);

/**
 * Append-only positions of a delivery (decision 022): each driver's point filed in every delivery they had under way
 * at its time, once (the unique index settles repeats). The fastest-growing table, shaped to be partitioned by month
 * on `recorded_at` on PostgreSQL: every key includes it.
 */
export const deliveryLocationPoints = pgTable(
  'delivery_location_points',
  {
    id: uuid('id')
      .notNull()
      .default(sql`gen_random_uuid()`),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    /** Who sent it; null for a point written with a status change by an office user. */
    driverUserId: uuid('driver_user_id').references(() => users.id, { onDelete: 'set null' }),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    speed: doublePrecision('speed'),
    heading: doublePrecision('heading'),
    accuracy: doublePrecision('accuracy'),
    recordedAt: tstz('recorded_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'delivery_location_points_pkey', columns: [t.recordedAt, t.id] }),
    // The history read (a delivery's points in time order) and the dedupe of a driver's repeated point, in one index.
    uniqueIndex('delivery_location_points_delivery_time_driver_unique').on(
      t.deliveryId,
      t.recordedAt,
      t.driverUserId,
    ),
  ],
);

/** Each driver's latest position (decision 022), whichever delivery it was sent for, or none. */
export const driverPositions = pgTable('driver_positions', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lat: doublePrecision('lat').notNull(),
  lng: doublePrecision('lng').notNull(),
  speed: doublePrecision('speed'),
  heading: doublePrecision('heading'),
  accuracy: doublePrecision('accuracy'),
  recordedAt: tstz('recorded_at').notNull(),
  updatedAt: updatedAt(),
});

/**
 * One counter per company, raised by statement triggers (migration 0010) on every write to the deliveries it owns or
 * carries and to the children a delivery list shows (windows, steps, tasks, quotes, assignments). Cached lists and
 * totals are keyed by it, so no process ever serves a list older than the counter it has just read.
 */
export const companyDeliveryVersions = pgTable('company_delivery_versions', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * How many deliveries each company sees (owns, or carries without owning), by live status, kept by statement
 * triggers (migration 0013) that fire after the version triggers. The list's total without filters, or with only a
 * status filter, is read from here instead of counting the company's deliveries.
 */
export const companyDeliveryCounts = pgTable(
  'company_delivery_counts',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    liveStatusSlug: text('live_status_slug').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.liveStatusSlug] })],
);

/**
 * Every handover code typed for a delivery (decision 020), right or wrong: wrong ones since the last right one,
 * within HANDOVER_PIN.lockMinutes, lock the delivery's code after HANDOVER_PIN.attemptsMax. Kept in the database so
 * every server process counts the same attempts.
 */
export const deliveryHandoverAttempts = pgTable(
  'delivery_handover_attempts',
  {
    id: id(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    taskId: uuid('task_id').references(() => deliveryStepTasks.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    succeeded: boolean('succeeded').notNull(),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [index('delivery_handover_attempts_delivery_idx').on(t.deliveryId, t.createdAt)],
);
