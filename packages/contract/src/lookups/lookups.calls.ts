import { z } from 'zod';
import { UuidSchema } from '../common.js';
import { VehicleModelSchema } from '../fleet/fleet.entities.js';
import { defineCall } from '../api/define-call.js';
import { LookupMapSchema } from './lookups.schemas.js';

/**
 * Every lookup list of spec section 7, by key. The path is under /api/v1; the orchestration service's lists sit
 * under `type/orchestration/`.
 */
export const LOOKUP_LISTS = {
  vehicleTypes: '/type/vehicle',
  vehicleStatuses: '/type/vehicle/status',
  vehicleSizes: '/type/vehicle/size',
  vehicleColours: '/type/vehicle/colour',
  vehicleFeatures: '/type/vehicle/feature',
  vehicleMakes: '/type/vehicle/make',
  driverStatuses: '/type/driver/status',
  deliveryCancelTypes: '/type/delivery/cancel',
  deliveryLiveStatuses: '/type/delivery/live/status',
  deliveryLiveStatusPayloadTypes: '/type/delivery/live/status/payload',
  deliveryScheduleWindowTypes: '/type/delivery/schedule/window',
  deliveryQuoteStatuses: '/type/delivery/quote/status',
  deliveryStepTaskTypes: '/type/delivery/step/task',
  documentTypes: '/type/document',
  documentFormats: '/type/document/format',
  documentSections: '/type/document/section',
  originatorTypes: '/type/o',
  noteableTypes: '/type/note/noteable',
  noteTypes: '/type/note/types',
  orchestrationActionTypes: '/type/orchestration/action',
  orchestrationDeliveryLiveStatusTypes: '/type/orchestration/delivery/live/status',
  orchestrationDeliveryLiveStatusPayloadTypes: '/type/orchestration/delivery/live/status/payload',
  orchestrationRequestStatusTypes: '/type/orchestration/request/status',
  orchestrationScheduleTypes: '/type/orchestration/schedule',
  orchestrationServiceTypes: '/type/orchestration/service',
  orchestrationTransportTypes: '/type/orchestration/transport',
} as const;
export type LookupListKey = keyof typeof LOOKUP_LISTS;
export const LOOKUP_LIST_KEYS = Object.keys(LOOKUP_LISTS) as LookupListKey[];

export const lookupCalls = Object.fromEntries(
  LOOKUP_LIST_KEYS.map((key) => [
    key,
    defineCall({
      method: 'GET',
      path: LOOKUP_LISTS[key],
      summary: `Lookup list ${key}, keyed by slug`,
      data: LookupMapSchema,
    }),
  ]),
) as Record<
  LookupListKey,
  ReturnType<typeof defineCall<undefined, undefined, undefined, typeof LookupMapSchema>>
>;

export const vehicleModelCalls = {
  listVehicleModels: defineCall({
    method: 'GET',
    path: '/type/vehicle/model',
    summary: 'Vehicle models with their make and size, keyed by uuid',
    data: z.record(UuidSchema, VehicleModelSchema),
  }),
};
