import { z } from 'zod';
import {
  CurrencyCodeSchema,
  IsoDateTimeSchema,
  LocationSchema,
  MoneySchema,
  NullableIsoDateTimeSchema,
  UuidSchema,
} from '../common.js';
import { ContactSchema } from '../directory/directories.entities.js';
import { DELIVERY_ACTIONS } from './delivery-actions.js';
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
  /** The client's own reference (its order number), unique per company; null when none was given (issue 34). */
  externalId: z.string().nullable(),
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
  /**
   * The recipient's tracking token (decision 022): the public page `GET /api/v1/track/{token}` shows the recipient
   * the status, the ETA window and the driver on the way to them. Shown to the owner's and the carrier's admins,
   * who share it; null for drivers.
   */
  trackingToken: z.string().nullable().optional(),
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
  /** The author's first name, as both parties of the delivery may read it (issue 33: a carrier's driver by name). */
  createdByFirstName: z.string().optional(),
  /** The name of the API key whose call made the move (decision 065), when a client's system did. */
  createdByApiKeyName: z.string().optional(),
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

/** Where a delivery's driver was last seen (their latest position, whichever delivery it was sent for). */
export const LastPositionSchema = z.object({
  location: z.object({ lat: z.number(), lng: z.number() }),
  recordedAt: IsoDateTimeSchema,
  /** Which way the driver is going, degrees from north (null when the phone did not say). */
  heading: z.number().nullable(),
  driverFirstName: z.string(),
});
export type LastPosition = z.infer<typeof LastPositionSchema>;

/** Arrival at one stop: how far along the road, how long, when, and the window to tell a customer. */
export const EtaStopSchema = z.object({
  deliveryStepUuid: UuidSchema,
  stepOrderNo: z.number().int(),
  /** Metres along the road from the driver's position (through the stops before it). */
  distanceM: z.number().int(),
  durationS: z.number().int(),
  arriveAt: IsoDateTimeSchema,
  earliestAt: IsoDateTimeSchema,
  latestAt: IsoDateTimeSchema,
});
export type EtaStop = z.infer<typeof EtaStopSchema>;

/** A delivery under way: from its driver's latest position to its next stop and on to its last (decision 022). */
export const EtaSchema = z.object({
  computedAt: IsoDateTimeSchema,
  /** Metres a second the times are computed with. */
  speedMs: z.number(),
  /** `recent`: from the driver's last points; `route`: the route estimator's average. */
  speedSource: z.enum(['recent', 'route']),
  nextStop: EtaStopSchema,
  lastStop: EtaStopSchema,
  remainingStops: z.number().int(),
  /** Within POSITIONS.arrivingWithinM of the next stop. */
  arriving: z.boolean(),
});
export type Eta = z.infer<typeof EtaSchema>;

/** The live side of a delivery, asked on its own so lists never compute it per row. */
export const DeliveryLiveSchema = z.object({
  /** Null when the delivery is not under way, has no driver position or no stop left with coordinates. */
  eta: EtaSchema.nullable(),
  lastPosition: LastPositionSchema.nullable(),
});
export type DeliveryLive = z.infer<typeof DeliveryLiveSchema>;

export const VehicleDriverAssignmentSchema = z.object({
  deliveryUuid: UuidSchema,
  vehicleUuid: UuidSchema,
  driverUserUuids: z.array(UuidSchema),
  assignedAt: IsoDateTimeSchema,
  unassignedAt: NullableIsoDateTimeSchema,
  /**
   * What both parties of the delivery may read of the carrier's work (issue 33): the vehicle by its size and
   * registration, the drivers by first name, in `driverUserUuids`' order.
   */
  vehicle: z.object({ registrationNumber: z.string(), sizeSlug: z.string() }).optional(),
  drivers: z.array(z.object({ uuid: UuidSchema, firstName: z.string() })).optional(),
});
export type VehicleDriverAssignment = z.infer<typeof VehicleDriverAssignmentSchema>;

/** Where a parcel is scanned: where it is collected, or where it is handed over (issue 34). */
export const PARCEL_SCAN_KINDS = ['pickup', 'dropoff'] as const;
export type ParcelScanKind = (typeof PARCEL_SCAN_KINDS)[number];

/**
 * A parcel's label read by the driver's phone at a stop (issue 34): one per parcel and stop, at the time the phone
 * read it (which may be earlier than the server heard of it: a scan made offline waits on the phone).
 */
export const ParcelScanSchema = z.object({
  uuid: UuidSchema,
  parcelUuid: UuidSchema,
  deliveryStepUuid: UuidSchema,
  stepOrderNo: z.number().int(),
  kind: z.enum(PARCEL_SCAN_KINDS),
  scannedAt: IsoDateTimeSchema,
  /** The driver's first name; null once their account is gone. */
  scannedByName: z.string().nullable(),
});
export type ParcelScan = z.infer<typeof ParcelScanSchema>;

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
  /** Its scans at this delivery's stops, oldest first (in a delivery's parcel list and a driver's stops). */
  scans: z.array(ParcelScanSchema).optional(),
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
});
export type Parcel = z.infer<typeof ParcelSchema>;

/**
 * One item of a batch create's answer, by its place in the request (issue 34): created, with the delivery's uuid,
 * external id and tracking code; or refused, with what a create alone would have answered (422 with the fields, 409
 * for an external id already taken).
 */
export const DeliveryBatchItemSchema = z.discriminatedUnion('status', [
  z.object({
    index: z.number().int().nonnegative(),
    status: z.literal('created'),
    uuid: UuidSchema,
    externalId: z.string().nullable(),
    trackingCode: z.string(),
  }),
  z.object({
    index: z.number().int().nonnegative(),
    status: z.literal('failed'),
    statusCode: z.number().int(),
    message: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
  }),
]);
export type DeliveryBatchItem = z.infer<typeof DeliveryBatchItemSchema>;

export const DeliveryBatchResultSchema = z.object({
  created: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  items: z.array(DeliveryBatchItemSchema),
});
export type DeliveryBatchResult = z.infer<typeof DeliveryBatchResultSchema>;
