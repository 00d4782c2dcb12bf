import { z } from 'zod';
import {
  CurrencyCodeSchema,
  EmailSchema,
  IsoDateTimeSchema,
  LocationSchema,
  MoneySchema,
  NullableIsoDateTimeSchema,
  UuidSchema,
} from '../common.js';
import { DELIVERY_ACTIONS } from '../access/policy.js';
import { DocumentSchema } from '../documents/documents.entities.js';

export const DeliveryScheduleWindowSchema = z.object({
  startAt: IsoDateTimeSchema,
  endAt: IsoDateTimeSchema,
  deliveryScheduleWindowTypeSlug: z.string(),
});

export const DeliveryStepTaskSchema = z.object({
  uuid: UuidSchema,
  deliveryStepTaskUuid: UuidSchema,
  deliveryStepUuid: UuidSchema,
  deliveryStepTaskTypeSlug: z.string(),
  taskOrderNo: z.number().int(),
  completedAt: NullableIsoDateTimeSchema,
});
export type DeliveryStepTask = z.infer<typeof DeliveryStepTaskSchema>;

export const DeliveryStepSummarySchema = z.object({
  deliveryStepUuid: UuidSchema,
  deliveryUuid: UuidSchema,
  stepOrderNo: z.number().int(),
  nextDeliveryStepUuid: UuidSchema.nullable(),
  locationRouteUuid: UuidSchema.nullable(),
  deliveryStepTasks: z.array(
    DeliveryStepTaskSchema.pick({
      uuid: true,
      deliveryStepTaskUuid: true,
      deliveryStepUuid: true,
      deliveryStepTaskTypeSlug: true,
    }),
  ),
});

export const DeliveryStepSchema = z.object({
  uuid: UuidSchema,
  deliveryUuid: UuidSchema,
  stepOrderNo: z.number().int(),
  addressUuid: UuidSchema.optional(),
  location: LocationSchema.optional(),
});
export type DeliveryStep = z.infer<typeof DeliveryStepSchema>;

export const NextStatusOptionsSchema = z.object({
  user: z.array(z.string()),
  system: z.array(z.string()),
});

export const DeliveryNoteSummarySchema = z.object({ message: z.string(), noteObject: z.unknown() });

export const DeliverySchema = z.object({
  uuid: UuidSchema,
  createdAt: IsoDateTimeSchema,
  quoteStatusChangedAt: IsoDateTimeSchema,
  liveStatusChangedAt: IsoDateTimeSchema,
  startedAt: NullableIsoDateTimeSchema,
  completedAt: NullableIsoDateTimeSchema,
  name: z.string(),
  description: z.string(),
  isActive: z.boolean(),
  activeDeliveryStepUuid: UuidSchema.nullable(),
  activeDeliveryStepTaskUuid: UuidSchema.nullable(),
  originatorSlug: z.string(),
  originatorAccountUuid: UuidSchema.nullable(),
  deliveryQuoteStatusTypeSlug: z.string(),
  deliveryLiveStatusTypeSlug: z.string(),
  deliveryCancelTypeSlug: z.string().nullable(),
  isScheduled: z.boolean(),
  distanceM: z.number(),
  originalDistanceM: z.number(),
  durationS: z.number(),
  originalDurationS: z.number(),
  maxVolumeCm3: z.number(),
  maxWeightKg: z.number(),
  totalSteps: z.number().int(),
  currencyCode: CurrencyCodeSchema,
  maxParcelPriceMinor: z.number().int(),
  deliveryQuoteUuids: z.array(UuidSchema),
  deliveryDocuments: z.array(DocumentSchema),
  deliveryScheduleWindows: z.array(DeliveryScheduleWindowSchema),
  deliverySteps: z.array(DeliveryStepSummarySchema),
  vehicleMap: z.record(UuidSchema, z.array(UuidSchema)),
  location: LocationSchema,
  /** Code for the recipient's tracking page. */
  trackingCode: z.string().optional(),
  /**
   * The recipient's handover code (HANDOVER_PIN.length digits) the driver types at the door: shown to the owner's
   * admins only, so the office can give it to the recipient; null for everyone else (carrier admins, drivers).
   */
  handoverPin: z.string().nullable(),
  nextStatusOptions: NextStatusOptionsSchema,
  /** What the viewer may do to this delivery, from the access policy: screens show only these actions. */
  allowedActions: z.array(z.enum(DELIVERY_ACTIONS)).optional(),
  notes: z.array(DeliveryNoteSummarySchema),
});
export type Delivery = z.infer<typeof DeliverySchema>;

export const DeliveryStatusRecordSchema = z.object({
  uuid: UuidSchema,
  deliveryUuid: UuidSchema,
  statusType: z.string(),
  statusSlug: z.string(),
  statusMessage: z.string().optional(),
  createdAt: IsoDateTimeSchema,
  createdByUserUuid: UuidSchema.optional(),
});
export type DeliveryStatusRecord = z.infer<typeof DeliveryStatusRecordSchema>;

export const QuoteSchema = z.object({
  uuid: UuidSchema,
  deliveryUuid: UuidSchema,
  price: MoneySchema,
  validUntil: IsoDateTimeSchema,
  isAccepted: z.boolean(),
  createdAt: IsoDateTimeSchema,
});
export type Quote = z.infer<typeof QuoteSchema>;

export const ContactSchema = z.object({
  uuid: UuidSchema,
  firstname: z.string(),
  lastname: z.string(),
  email: EmailSchema.optional(),
  phoneNumber: z.string(),
  companyName: z.string(),
  /** In a delivery's contact list (`/delivery/contact`): the tasks of that delivery the contact is on. */
  deliveryStepTaskUuids: z.array(UuidSchema).optional(),
});
export type Contact = z.infer<typeof ContactSchema>;

export const LocationHistoryPointSchema = z.object({
  uuid: UuidSchema,
  deliveryUuid: UuidSchema,
  location: LocationSchema,
  recordedAt: IsoDateTimeSchema,
  speed: z.number().optional(),
  heading: z.number().optional(),
  accuracy: z.number().optional(),
});
export type LocationHistoryPoint = z.infer<typeof LocationHistoryPointSchema>;

export const VehicleDriverAssignmentSchema = z.object({
  deliveryUuid: UuidSchema,
  vehicleUuid: UuidSchema,
  driverUserUuids: z.array(UuidSchema),
  assignedAt: IsoDateTimeSchema,
  unassignedAt: NullableIsoDateTimeSchema,
});
export type VehicleDriverAssignment = z.infer<typeof VehicleDriverAssignmentSchema>;

export const ParcelSchema = z.object({
  uuid: UuidSchema,
  name: z.string(),
  description: z.string().optional(),
  volumeCm3: z.number(),
  weightKg: z.number(),
  quantity: z.number().int(),
  value: MoneySchema.optional(),
  isFragile: z.boolean(),
  /** Code to find the parcel on /ParcelTrack and the public tracking page. */
  trackingCode: z.string().optional(),
  /** People to ask about this parcel (in a delivery's parcel list). */
  contacts: z.array(ContactSchema).optional(),
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
});
export type Parcel = z.infer<typeof ParcelSchema>;
