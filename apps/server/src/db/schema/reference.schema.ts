import { boolean, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.js';
import { companies } from './identity.schema.js';

/**
 * One table per lookup list (docs/decisions/005-lookups.md): rows keyed by slug, seeded by migrations, so other
 * tables can reference a list with a real foreign key.
 */
function lookupTable<N extends string>(name: N) {
  return pgTable(name, {
    id: id(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    description: text('description'),
    /** Colour tag of a status (success, orange, red, light-blue). */
    tag: text('tag'),
    sortOrder: integer('sort_order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  });
}

/** Any lookup table, for code that reads every list the same way. */
export type LookupTable = ReturnType<typeof lookupTable<string>>;

export const vehicleTypes = lookupTable('vehicle_types');
export const vehicleStatuses = lookupTable('vehicle_statuses');
export const vehicleSizes = lookupTable('vehicle_sizes');
export const vehicleColours = lookupTable('vehicle_colours');
export const vehicleFeatures = lookupTable('vehicle_features');
export const vehicleMakes = lookupTable('vehicle_makes');
export const driverStatuses = lookupTable('driver_statuses');
export const deliveryCancelTypes = lookupTable('delivery_cancel_types');
export const deliveryLiveStatuses = lookupTable('delivery_live_statuses');
export const deliveryLiveStatusPayloadTypes = lookupTable('delivery_live_status_payload_types');
export const deliveryScheduleWindowTypes = lookupTable('delivery_schedule_window_types');
export const deliveryQuoteStatuses = lookupTable('delivery_quote_statuses');
export const deliveryStepTaskTypes = lookupTable('delivery_step_task_types');
export const documentTypes = lookupTable('document_types');
export const documentFormats = lookupTable('document_formats');
export const documentSections = lookupTable('document_sections');
export const originatorTypes = lookupTable('originator_types');
export const noteableTypes = lookupTable('noteable_types');
export const noteTypes = lookupTable('note_types');
export const orchestrationActionTypes = lookupTable('orchestration_action_types');
export const orchestrationDeliveryLiveStatusTypes = lookupTable('orchestration_delivery_live_status_types');
export const orchestrationDeliveryLiveStatusPayloadTypes = lookupTable(
  'orchestration_delivery_live_status_payload_types',
);
export const orchestrationRequestStatusTypes = lookupTable('orchestration_request_status_types');
export const orchestrationScheduleTypes = lookupTable('orchestration_schedule_types');
export const orchestrationServiceTypes = lookupTable('orchestration_service_types');
export const orchestrationTransportTypes = lookupTable('orchestration_transport_types');

/** Vehicle models: a make, a name and the size of vehicle the model is. Global (not per company). */
export const vehicleModels = pgTable('vehicle_models', {
  id: id(),
  vehicleMakeSlug: text('vehicle_make_slug')
    .notNull()
    .references(() => vehicleMakes.slug),
  name: text('name').notNull(),
  vehicleSizeSlug: text('vehicle_size_slug')
    .notNull()
    .references(() => vehicleSizes.slug),
  /** Null for the shared catalogue; a company's own models otherwise. */
  companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
