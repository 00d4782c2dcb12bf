import type { LookupListKey } from '@courier/contract';
import * as s from '../../db/schema/reference.schema.js';

/** The table behind each lookup list of the contract. */
export const LOOKUP_TABLES = {
  vehicleTypes: s.vehicleTypes,
  vehicleStatuses: s.vehicleStatuses,
  vehicleSizes: s.vehicleSizes,
  vehicleColours: s.vehicleColours,
  vehicleFeatures: s.vehicleFeatures,
  vehicleMakes: s.vehicleMakes,
  driverStatuses: s.driverStatuses,
  deliveryCancelTypes: s.deliveryCancelTypes,
  deliveryLiveStatuses: s.deliveryLiveStatuses,
  deliveryLiveStatusPayloadTypes: s.deliveryLiveStatusPayloadTypes,
  deliveryScheduleWindowTypes: s.deliveryScheduleWindowTypes,
  deliveryQuoteStatuses: s.deliveryQuoteStatuses,
  deliveryStepTaskTypes: s.deliveryStepTaskTypes,
  documentTypes: s.documentTypes,
  documentFormats: s.documentFormats,
  documentSections: s.documentSections,
  originatorTypes: s.originatorTypes,
  noteableTypes: s.noteableTypes,
  noteTypes: s.noteTypes,
  orchestrationActionTypes: s.orchestrationActionTypes,
  orchestrationDeliveryLiveStatusTypes: s.orchestrationDeliveryLiveStatusTypes,
  orchestrationDeliveryLiveStatusPayloadTypes: s.orchestrationDeliveryLiveStatusPayloadTypes,
  orchestrationRequestStatusTypes: s.orchestrationRequestStatusTypes,
  orchestrationScheduleTypes: s.orchestrationScheduleTypes,
  orchestrationServiceTypes: s.orchestrationServiceTypes,
  orchestrationTransportTypes: s.orchestrationTransportTypes,
} satisfies Record<LookupListKey, s.LookupTable>;
