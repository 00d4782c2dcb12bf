import { sql } from 'drizzle-orm';
import {
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
import { addresses, companies, users } from './identity.schema.js';
import {
  driverStatuses,
  vehicleColours,
  vehicleMakes,
  vehicleModels,
  vehicleSizes,
  vehicleStatuses,
} from './reference.schema.js';

export const vehicles = pgTable(
  'vehicles',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Normalised: upper case, no spaces or dashes. Unique within a company. */
    registrationNumber: text('registration_number').notNull(),
    statusSlug: text('status_slug')
      .notNull()
      .default('available')
      .references(() => vehicleStatuses.slug),
    sizeSlug: text('size_slug')
      .notNull()
      .default('unknown')
      .references(() => vehicleSizes.slug),
    modelId: uuid('model_id').references(() => vehicleModels.id, { onDelete: 'set null' }),
    makeSlug: text('make_slug').references(() => vehicleMakes.slug),
    colourSlug: text('colour_slug').references(() => vehicleColours.slug),
    year: integer('year'),
    featureSlugs: text('feature_slugs')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * What it carries when its size's figures (VEHICLE_SIZE_CAPACITY) are not right for it (issue 35); null: the
     * size's.
     */
    capacityKg: doublePrecision('capacity_kg'),
    capacityVolumeCm3: integer('capacity_volume_cm3'),
    registrationNumberChecked: boolean('registration_number_checked').notNull().default(false),
    registrationNumberVerified: boolean('registration_number_verified').notNull().default(false),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    /** When `lat`/`lng` were recorded by a driver's phone (decision 022): an older point never overwrites a newer. */
    locationRecordedAt: tstz('location_recorded_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('vehicles_company_registration_unique').on(t.companyId, t.registrationNumber),
    index('vehicles_company_name_idx').on(t.companyId, t.name),
    index('vehicles_company_status_idx').on(t.companyId, t.statusSlug),
  ],
);

export const fleets = pgTable(
  'fleets',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('fleets_company_idx').on(t.companyId)],
);

export const fleetVehicles = pgTable(
  'fleet_vehicles',
  {
    fleetId: uuid('fleet_id')
      .notNull()
      .references(() => fleets.id, { onDelete: 'cascade' }),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.fleetId, t.vehicleId] }),
    index('fleet_vehicles_vehicle_idx').on(t.vehicleId),
  ],
);

/** A driver's standing in one company: status, licence and insurance. */
export const driverInfos = pgTable(
  'driver_infos',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    statusSlug: text('status_slug')
      .notNull()
      .default('offline')
      .references(() => driverStatuses.slug),
    licenceNumber: text('licence_number'),
    insuranceNumber: text('insurance_number'),
    licenceExpiresAt: tstz('licence_expires_at'),
    insuranceExpiresAt: tstz('insurance_expires_at'),
    /**
     * The driver's working day for planning (issue 35), in minutes from midnight in the company's time zone: the
     * shift, a break of `break_minutes` started between `break_from_minute` and `break_until_minute` (0 minutes: no
     * break), where it starts and ends (a company address; null: from where the driver is, to the last stop) and
     * the vehicle the driver usually takes.
     */
    shiftStartMinute: integer('shift_start_minute').notNull().default(480),
    shiftEndMinute: integer('shift_end_minute').notNull().default(1080),
    breakMinutes: integer('break_minutes').notNull().default(30),
    breakFromMinute: integer('break_from_minute').notNull().default(720),
    breakUntilMinute: integer('break_until_minute').notNull().default(840),
    shiftStartAddressId: uuid('shift_start_address_id').references(() => addresses.id, { onDelete: 'set null' }),
    shiftEndAddressId: uuid('shift_end_address_id').references(() => addresses.id, { onDelete: 'set null' }),
    usualVehicleId: uuid('usual_vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('driver_infos_company_user_unique').on(t.companyId, t.userId),
    // The notification sweep's window of expiry dates (decision 028), each date read by its own range.
    index('driver_infos_licence_expiry_idx').on(t.licenceExpiresAt),
    index('driver_infos_insurance_expiry_idx').on(t.insuranceExpiresAt),
  ],
);

/**
 * Files kept through the storage interface: where the bytes are (`storage_key`), what they are (checked from their
 * bytes) and which company owns them. Documents of drivers, proofs of delivery and logos all point here.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull().unique(),
    originalName: text('original_name').notNull(),
    mimeType: text('mime_type').notNull(),
    extension: text('extension').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('stored_files_company_idx').on(t.companyId)],
);

export const driverDocuments = pgTable(
  'driver_documents',
  {
    id: id(),
    driverInfoId: uuid('driver_info_id')
      .notNull()
      .references(() => driverInfos.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'cascade' }),
    documentTypeSlug: text('document_type_slug').notNull(),
    expiresAt: tstz('expires_at'),
    createdAt: createdAt(),
  },
  (t) => [index('driver_documents_info_idx').on(t.driverInfoId)],
);
