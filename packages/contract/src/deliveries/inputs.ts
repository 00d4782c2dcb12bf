import { z } from 'zod';
import { whenMissing } from '../messages.js';
import {
  CurrencyCodeSchema,
  DATE_YEAR_RANGE,
  IsoDateSchema,
  IsoDateTimeSchema,
  LatLngSchema,
  UuidSchema,
} from '../common.js';
import { LIMITS } from '../constants.js';
import { AddressInputSchema, ContactInputSchema } from '../directory/directories.entities.js';
import { decodeDeliveryCursor, DELIVERY_CURSOR_MAX } from './cursor.js';
import { DELIVERY_SORTS } from './sorts.js';
import { LIVE_STATUSES } from './status-machine.js';

export { DELIVERY_SORTS };

const LOAD_M3 = `${LIMITS.loadVolumeCm3Max / 1_000_000} m³`;

export const ParcelInputSchema = z
  .object({
    name: z
      .string({ error: whenMissing('Describe the parcel') })
      .trim()
      .min(1, 'Describe the parcel')
      .max(LIMITS.nameMax),
    description: z.string().trim().max(LIMITS.descriptionMax).optional(),
    volumeCm3: z.coerce
      .number()
      .int('Volume is in whole cubic centimetres')
      .min(0)
      .max(LIMITS.parcelVolumeCm3Max)
      .default(0),
    weightKg: z.coerce.number().min(0, 'Weight cannot be negative').max(LIMITS.parcelWeightKgMax).default(0),
    quantity: z.coerce
      .number()
      .int('Quantity is a whole number')
      .min(1, 'At least 1')
      .max(LIMITS.parcelQuantityMax)
      .default(1),
    valueMinor: z.coerce.number().int().min(0).max(LIMITS.moneyMinorMax).optional(),
    valueCurrencyCode: CurrencyCodeSchema.optional(),
    isFragile: z.boolean().default(false),
  })
  .refine((p) => p.volumeCm3 * p.quantity <= LIMITS.loadVolumeCm3Max, {
    message: `Volume × quantity is at most ${LOAD_M3}.`,
    path: ['volumeCm3'],
  });
export type ParcelInput = z.input<typeof ParcelInputSchema>;

export const STEP_KINDS = ['pickup', 'dropoff'] as const;

/** A step of a new delivery: where (a directory address or one typed in), who to meet, and extra tasks. */
export const StepInputSchema = z
  .object({
    kind: z.enum(STEP_KINDS),
    addressUuid: UuidSchema.optional(),
    address: AddressInputSchema.optional(),
    contacts: z.array(ContactInputSchema).max(5).default([]),
    /** Tasks beyond the step's pickup or dropoff (signature, photo, scan …). */
    extraTaskTypes: z.array(z.string().min(1).max(50)).max(5).default([]),
  })
  .refine((s) => Boolean(s.addressUuid) !== Boolean(s.address), {
    message: 'Choose an address from the directory or type one in',
    path: ['address'],
  });
export type StepInput = z.input<typeof StepInputSchema>;

export const ScheduleWindowInputSchema = z
  .object({
    deliveryScheduleWindowTypeSlug: z.string().min(1).default('dropoff'),
    startAt: IsoDateTimeSchema,
    endAt: IsoDateTimeSchema,
  })
  .refine((w) => new Date(w.endAt) > new Date(w.startAt), {
    message: 'The window must end after it starts',
    path: ['endAt'],
  });

export const CreateDeliveryBodySchema = z
  .object({
    name: z
      .string({ error: whenMissing('Name the delivery') })
      .trim()
      .min(1, 'Name the delivery')
      .max(LIMITS.nameMax),
    description: z.string().trim().max(LIMITS.descriptionMax).default(''),
    currencyCode: CurrencyCodeSchema.default('GBP'),
    scheduleWindows: z.array(ScheduleWindowInputSchema).max(5).default([]),
    steps: z.array(StepInputSchema).min(2, 'A delivery needs a pickup and a dropoff').max(25),
    /** Parcels carried from the first pickup to the last dropoff. */
    parcels: z.array(ParcelInputSchema).max(100).default([]),
    vehicleUuid: UuidSchema.optional(),
    driverUserUuids: z.array(UuidSchema).max(5).default([]),
    /**
     * The client's own reference (its order number, issue 34): unique per company, so a client's system can retry a
     * create safely (a second create with it answers 409 naming the delivery) and find a delivery by it.
     */
    externalId: z
      .string()
      .trim()
      .min(1, 'Leave the external id out, or give one.')
      .max(LIMITS.externalIdMax, `Use at most ${LIMITS.externalIdMax} characters.`)
      .optional(),
  })
  .superRefine((d, ctx) => {
    // The delivery keeps its load's total volume in an integer column.
    const volume = d.parcels.reduce((sum, p) => sum + p.volumeCm3 * p.quantity, 0);
    if (volume > LIMITS.loadVolumeCm3Max)
      ctx.addIssue({
        code: 'custom',
        path: ['parcels'],
        message: `The parcels' total volume is at most ${LOAD_M3}.`,
      });
    if (d.steps.length < 2) return;
    if (d.steps[0]?.kind !== 'pickup')
      ctx.addIssue({ code: 'custom', path: ['steps', 0, 'kind'], message: 'The first step is a pickup' });
    if (d.steps.at(-1)?.kind !== 'dropoff') {
      ctx.addIssue({
        code: 'custom',
        path: ['steps', d.steps.length - 1, 'kind'],
        message: 'The last step is a dropoff',
      });
    }
    if (d.driverUserUuids.length > 0 && !d.vehicleUuid) {
      ctx.addIssue({
        code: 'custom',
        path: ['vehicleUuid'],
        message: 'Choose the vehicle the drivers will use',
      });
    }
  });
export type CreateDeliveryBody = z.input<typeof CreateDeliveryBodySchema>;

export const ChangeStatusBodySchema = z.object({
  statusSlug: z.enum(LIVE_STATUSES, { error: 'Unknown status' }),
  statusMessage: z.string().trim().max(500).optional(),
  cancelTypeSlug: z.string().min(1).max(50).optional(),
  /** Where the change happened (a driver's phone sends its position): kept in the location history. */
  location: LatLngSchema.extend({ accuracy: z.number().min(0).max(100_000).optional() }).optional(),
});
export type ChangeStatusBody = z.infer<typeof ChangeStatusBodySchema>;

export const LinkVehicleBodySchema = z.object({ vehicleUuid: UuidSchema });
export const LinkVehicleDriverBodySchema = z.object({
  vehicleUuid: UuidSchema,
  driverUserUuids: z.array(UuidSchema).min(1, 'Choose at least one driver').max(5),
});

export const QuoteInputSchema = z.object({
  priceMinor: z.coerce
    .number()
    .int('Price is in minor units (pence, cents)')
    .min(0)
    .max(LIMITS.moneyMinorMax),
  currencyCode: CurrencyCodeSchema.default('GBP'),
  validUntil: IsoDateTimeSchema,
});

export const AddContactToTaskBodySchema = z.object({
  deliveryStepTaskUuid: UuidSchema,
  contact: ContactInputSchema,
});
export const AddStepWithAddressBodySchema = z
  .object({
    kind: z.enum(STEP_KINDS),
    addressUuid: UuidSchema.optional(),
    address: AddressInputSchema.optional(),
  })
  .refine((s) => Boolean(s.addressUuid) !== Boolean(s.address), {
    message: 'Choose an address from the directory or type one in',
    path: ['address'],
  });
export const AddTaskToStepBodySchema = z.object({ deliveryStepUuid: UuidSchema });
export const AddParcelToTaskBodySchema = z.object({
  deliveryStepTaskUuid: UuidSchema,
  parcel: ParcelInputSchema,
});
export const AddContactBodySchema = z.object({ contact: ContactInputSchema });

const DayOrDateTimeSchema = z.union([IsoDateSchema, IsoDateTimeSchema], {
  error: `Use a date (2026-11-21) or an ISO datetime, in the years ${DATE_YEAR_RANGE.min} to ${DATE_YEAR_RANGE.max}.`,
});

export const DeliveryListQuerySchema = z
  .object({
    search: z.string().trim().max(100).optional(),
    /** The delivery with this external id (the client's order number), exactly. */
    externalId: z.string().trim().min(1).max(LIMITS.externalIdMax).optional(),
    status: z.enum(LIVE_STATUSES).optional(),
    /** Created on or after (ISO date or datetime). */
    from: DayOrDateTimeSchema.optional(),
    to: DayOrDateTimeSchema.optional(),
    driver: UuidSchema.optional(),
    sort: z.enum(DELIVERY_SORTS).default('createdAt'),
    order: z.enum(['asc', 'desc']).default('desc'),
    page: z.coerce.number().int().min(1).default(1),
    per_page: z.coerce.number().int().min(1).max(100).default(25),
    /**
     * Where the previous page ended (`meta.next_cursor`, decision 043): the page is read after it by walking the index,
     * however deep. `page` then only labels the answer's `meta.current_page`.
     */
    cursor: z.string().max(DELIVERY_CURSOR_MAX).optional(),
  })
  .superRefine((q, ctx) => {
    if (q.cursor === undefined) return;
    const cursor = decodeDeliveryCursor(q.cursor);
    if (!cursor)
      ctx.addIssue({
        code: 'custom',
        path: ['cursor'],
        message: 'This cursor is not one of this list: use the meta.next_cursor of a page.',
      });
    else if (cursor.sort !== q.sort || cursor.order !== q.order)
      ctx.addIssue({
        code: 'custom',
        path: ['cursor'],
        message: `This cursor was made for sort=${cursor.sort}&order=${cursor.order}: ask with the same sort and order, or without a cursor.`,
      });
  });
export type DeliveryListQuery = z.input<typeof DeliveryListQuerySchema>;

/** Deliveries created in one batch call at most (issue 34). */
export const DELIVERY_BATCH_MAX = 1_000;

/**
 * A batch of deliveries to create (issue 34): each item is a create-delivery body, checked and created alone, so one
 * bad row refuses that row only. The items are read as they come; each is answered by its place in the list.
 */
export const CreateDeliveryBatchBodySchema = z.object({
  deliveries: z
    .array(z.unknown().describe('A create-delivery body (as `POST …/delivery/create-delivery` takes).'))
    .min(1, 'Send at least one delivery.')
    .max(DELIVERY_BATCH_MAX, `Send at most ${DELIVERY_BATCH_MAX} deliveries a call.`),
});
export type CreateDeliveryBatchBody = z.infer<typeof CreateDeliveryBatchBodySchema>;
