import { z } from 'zod';
import { IsoDateSchema, IsoDateTimeSchema, UuidSchema } from '../common.js';
import { AddressSchema } from '../identity/users.entities.js';
import {
  DeliveryLiveSchema,
  DeliverySchema,
  DeliveryStepTaskSchema,
  ParcelScanSchema,
  ParcelSchema,
} from './deliveries.entities.js';
import { DriverInfoSchema } from '../fleet/fleet.entities.js';
import { NoteSchema } from '../notes/notes.entities.js';
import { defineCall } from '../api/define-call.js';
import { ContactSchema } from '../directory/directories.entities.js';
import { NoteListQuerySchema } from '../notes/notes.calls.js';
import { ChangeStatusBodySchema } from './inputs.js';
import { TaskProofSchema } from '../documents/proof.calls.js';
import { HANDOVER_PIN, LIMITS, POSITIONS } from '../constants.js';
import { RecipientInstructionsSchema } from '../tracking/recipient-input.schemas.js';

/**
 * The driver's own calls (`/api/v1/driver/...`): no company slug, because a driver works what is assigned to them,
 * whichever company (owner or carrier) assigned it. A delivery they are not assigned to now answers 404.
 */
export const DriverDeliveryParamsSchema = z.object({ deliveryUuid: UuidSchema });

/** One stop of a driver's route: where to go and what to do there, in stop order. */
export const DriverStopSchema = z.object({
  deliveryStepUuid: UuidSchema,
  stepOrderNo: z.number().int(),
  address: AddressSchema.nullable(),
  location: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  tasks: z.array(DeliveryStepTaskSchema),
  contacts: z.array(ContactSchema),
  parcels: z.array(ParcelSchema),
  /**
   * Where the stop stands in my route of its day, as the dispatcher planned it (issue 35): the day, its place in the
   * day's route (0 first) and the planned arrival; null when no route holds it.
   */
  plan: z
    .object({
      day: IsoDateSchema,
      position: z.number().int().nonnegative(),
      arrivalAt: IsoDateTimeSchema.nullable(),
    })
    .nullable(),
  /** The stop's one ETA (issue 36, decision 073) while the driver is out; null when none is known or it is done. */
  etaAt: IsoDateTimeSchema.nullable(),
  /** What the recipient asked of the driver here from the tracking page (issue 36); null when nothing. */
  recipientInstructions: RecipientInstructionsSchema.nullable(),
});
export type DriverStop = z.infer<typeof DriverStopSchema>;

/** A delivery as its driver sees it: the delivery, the company it is run for, and its stops. */
export const DriverDeliverySchema = DeliverySchema.extend({
  ownerCompanyName: z.string(),
  stops: z.array(DriverStopSchema),
});
export type DriverDelivery = z.infer<typeof DriverDeliverySchema>;

export const DriverNoteBodySchema = z.object({
  message: z
    .string()
    .trim()
    .min(1, 'Write a note.')
    .max(LIMITS.noteMessageMax, `A note is at most ${LIMITS.noteMessageMax} characters.`),
  parent_note_uuid: UuidSchema.nullish(),
});
export type DriverNoteBody = z.infer<typeof DriverNoteBodySchema>;

/** What a driver sets themselves; on-delivery and booked follow the work, maintenance and leave are the office's. */
export const DRIVER_SELF_STATUSES = ['available', 'on-break', 'offline', 'unavailable'] as const;
export const DriverStatusUpdateBodySchema = z.object({
  driverStatusSlug: z.enum(DRIVER_SELF_STATUSES, {
    error: `Choose one of: ${DRIVER_SELF_STATUSES.join(', ')}.`,
  }),
});

/** The recipient's handover code, typed by the driver on the task it proves (a dropoff's, usually). */
export const HandoverPinBodySchema = z.object({
  deliveryStepTaskUuid: UuidSchema,
  pin: z
    .string({ error: `Type the ${HANDOVER_PIN.length}-digit code the recipient gives you.` })
    .trim()
    .regex(
      new RegExp(`^\\d{${HANDOVER_PIN.length}}$`),
      `Type the ${HANDOVER_PIN.length}-digit code the recipient gives you.`,
    ),
});
export type HandoverPinBody = z.infer<typeof HandoverPinBodySchema>;

/**
 * A parcel's label read at a stop (issue 34): the tracking code the camera (or the driver's typing) read, the stop
 * it was read at, and when the phone read it. Told plainly when it is another stop's or delivery's parcel, or was
 * scanned here already (409).
 */
export const ParcelScanBodySchema = z.object({
  deliveryStepUuid: UuidSchema,
  code: z
    .string({ error: 'Scan the label, or type the code under its barcode.' })
    .trim()
    .min(1, 'Scan the label, or type the code under its barcode.')
    .max(LIMITS.trackingCodeMax, 'That is not a parcel code: scan the label again.'),
  /** When the phone read it; the server's time when left out. Not later than now. */
  scannedAt: IsoDateTimeSchema.optional(),
});
export type ParcelScanBody = z.infer<typeof ParcelScanBodySchema>;

export const ParcelScanResultSchema = z.object({ parcel: ParcelSchema, scan: ParcelScanSchema });
export type ParcelScanResult = z.infer<typeof ParcelScanResultSchema>;

/** One position from the phone (the spec's location history point, without the delivery: the server knows it). */
export const PositionPointSchema = z
  .object({
    lat: z
      .number({ error: 'Latitude is a number.' })
      .min(-90, 'Latitude is between -90 and 90.')
      .max(90, 'Latitude is between -90 and 90.'),
    lng: z
      .number({ error: 'Longitude is a number.' })
      .min(-180, 'Longitude is between -180 and 180.')
      .max(180, 'Longitude is between -180 and 180.'),
    recordedAt: IsoDateTimeSchema,
    /** Metres a second. */
    speed: z.number().min(0).max(200).nullish(),
    /** Degrees clockwise from north. */
    heading: z.number().min(0).max(360).nullish(),
    /** Metres. */
    accuracy: z.number().min(0).max(100_000).nullish(),
  })
  .superRefine((p, ctx) => {
    // Judged against the clock of whoever parses it: the server's, for what it stores.
    const at = Date.parse(p.recordedAt);
    const now = Date.now();
    if (at > now + POSITIONS.futureSkewSeconds * 1000)
      ctx.addIssue({
        code: 'custom',
        path: ['recordedAt'],
        message: 'This position is recorded in the future.',
      });
    else if (at < now - POSITIONS.maxAgeDays * 86_400_000)
      ctx.addIssue({
        code: 'custom',
        path: ['recordedAt'],
        message: `This position is older than ${POSITIONS.maxAgeDays} days.`,
      });
  });
export type PositionPoint = z.infer<typeof PositionPointSchema>;

/**
 * A batch of my positions. The server files each point in the location history of every delivery I have under way
 * at its time, and as my latest position and my vehicle's; a point already stored (same driver, same recordedAt)
 * is stored once. A point out of range, from the future or too old answers 422 naming its index (`points.3.lat`).
 */
export const PositionBatchBodySchema = z.object({
  points: z
    .array(PositionPointSchema)
    .min(1, 'Send at least one position.')
    .max(POSITIONS.batchMax, `Send at most ${POSITIONS.batchMax} positions at once.`),
});
export type PositionBatchBody = z.infer<typeof PositionBatchBodySchema>;

export const PositionBatchResultSchema = z.object({
  /** Points newly stored in the location history of a delivery under way at their time. */
  stored: z.number().int(),
  /** Points the server already had (same driver, same recordedAt). */
  duplicates: z.number().int(),
  /**
   * Points recorded while no delivery of mine was under way: filed in no history, only the newest of them kept as
   * my latest position. stored + duplicates + unfiled = the points sent.
   */
  unfiled: z.number().int(),
});
export type PositionBatchResult = z.infer<typeof PositionBatchResultSchema>;

const base = '/driver';
export const driverScopeCalls = {
  listMyDeliveries: defineCall({
    method: 'GET',
    path: `${base}/delivery`,
    summary: 'My deliveries: assigned to me now and not finished, or finished today; next stop first',
    data: z.array(DriverDeliverySchema),
  }),
  getMyDelivery: defineCall({
    method: 'GET',
    path: `${base}/delivery/:deliveryUuid`,
    summary: 'One delivery assigned to me, with its stops, contacts and parcels',
    params: DriverDeliveryParamsSchema,
    data: DriverDeliverySchema,
  }),
  changeMyDeliveryStatus: defineCall({
    method: 'POST',
    path: `${base}/delivery/:deliveryUuid/status`,
    summary: "Move a delivery assigned to me along the machine's driver moves",
    params: DriverDeliveryParamsSchema,
    body: ChangeStatusBodySchema,
    data: DriverDeliverySchema,
  }),
  /** Multipart, as the admin upload: text fields of ProofUploadFieldsSchema, then `file`. */
  uploadMyProof: defineCall({
    method: 'POST',
    path: `${base}/delivery/:deliveryUuid/doc/step/task/proof`,
    summary: 'Attach a proof to a task of a delivery assigned to me (multipart)',
    params: DriverDeliveryParamsSchema,
    data: TaskProofSchema,
    status: 201,
  }),
  listMyDeliveryNotes: defineCall({
    method: 'GET',
    path: `${base}/delivery/:deliveryUuid/notes`,
    summary: 'Notes on a delivery assigned to me, newest first',
    params: DriverDeliveryParamsSchema,
    query: NoteListQuerySchema,
    data: z.array(NoteSchema),
    paginated: true,
  }),
  createMyDeliveryNote: defineCall({
    method: 'POST',
    path: `${base}/delivery/:deliveryUuid/notes`,
    summary: 'Write a note on a delivery assigned to me',
    params: DriverDeliveryParamsSchema,
    body: DriverNoteBodySchema,
    data: NoteSchema,
    status: 201,
  }),
  confirmMyHandoverPin: defineCall({
    method: 'POST',
    path: `${base}/delivery/:deliveryUuid/doc/step/task/pin`,
    summary:
      "Check the recipient's handover code on a task of a delivery assigned to me and record it as the proof " +
      '(a wrong code answers 422; too many answer 429)',
    params: DriverDeliveryParamsSchema,
    body: HandoverPinBodySchema,
    data: TaskProofSchema,
    status: 201,
  }),
  scanMyParcel: defineCall({
    method: 'POST',
    path: `${base}/delivery/:deliveryUuid/scan`,
    summary:
      "Record a parcel's label read at a stop of a delivery assigned to me (another stop's or delivery's parcel, or " +
      'one scanned here already, answers 409 saying which)',
    params: DriverDeliveryParamsSchema,
    body: ParcelScanBodySchema,
    data: ParcelScanResultSchema,
    status: 201,
  }),
  postMyPositions: defineCall({
    method: 'POST',
    path: `${base}/location`,
    summary:
      'A batch of my positions (up to 500), filed in my deliveries under way and as my latest position',
    body: PositionBatchBodySchema,
    data: PositionBatchResultSchema,
  }),
  getMyDeliveryLive: defineCall({
    method: 'GET',
    path: `${base}/delivery/:deliveryUuid/eta`,
    summary: 'Where I am and when I reach the next stop and the last one, for a delivery assigned to me',
    params: DriverDeliveryParamsSchema,
    data: DeliveryLiveSchema,
  }),
  getMyStatus: defineCall({
    method: 'GET',
    path: `${base}/status`,
    summary: 'My availability in every company I drive for',
    data: z.array(DriverInfoSchema),
  }),
  updateMyStatus: defineCall({
    method: 'POST',
    path: `${base}/status`,
    summary: 'My availability (available, on-break, offline...) in every company I drive for',
    body: DriverStatusUpdateBodySchema,
    data: z.array(DriverInfoSchema),
  }),
};
/** Not a JSON call: a proof's file, for a driver assigned to its delivery. */
export const DRIVER_PROOF_FILE_PATH = '/driver/delivery/doc/:documentUuid/file';
