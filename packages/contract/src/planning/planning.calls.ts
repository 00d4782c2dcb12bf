import { z } from 'zod';
import { defineCall } from '../api/define-call.js';
import { IsoDateSchema, IsoDateTimeSchema, LatLngSchema, UuidSchema } from '../common.js';
import { CompanyParamsSchema } from '../params.js';

/**
 * The dispatch board (issue 35, decision 070): a company's day, its drivers' routes as ordered stops with planned
 * times against their windows, the deliveries nobody carries yet, and the optimiser's drafts. Every change goes
 * through the deliveries' assignment, so the driver app, the live stream, the history and the policy see it.
 */

export const PLANNING = {
  /** Minutes a stop takes when nothing says otherwise (parking, handing over, a signature). */
  serviceMinutes: 5,
  /** Stops a route may hold; a delivery's pickup and dropoff count as two. */
  maxStopsPerRoute: 200,
  /** Deliveries and drivers one optimisation may take. */
  maxDeliveriesPerSolve: 500,
  maxDriversPerSolve: 50,
  /** How long the built-in solver searches (VROOM has its own time-out). */
  solveSeconds: 5,
} as const;

/**
 * What a vehicle of each size carries, for planning: payload in kg and load space in cm³. From the size's own
 * description (a small van: up to 600 kg, 3 m³); null where a size says nothing (unknown): no limit is assumed.
 * A vehicle's own figures, when set, win.
 */
export const VEHICLE_SIZE_CAPACITY: Readonly<Record<string, { kg: number; cm3: number } | null>> = {
  unknown: null,
  foot: { kg: 10, cm3: 40_000 },
  bicycle: { kg: 15, cm3: 60_000 },
  'bicycle-cargo': { kg: 100, cm3: 500_000 },
  motorcycle: { kg: 30, cm3: 80_000 },
  'car-compact': { kg: 150, cm3: 300_000 },
  'car-sedan': { kg: 200, cm3: 450_000 },
  'car-suv': { kg: 300, cm3: 800_000 },
  'car-estate': { kg: 300, cm3: 1_000_000 },
  'van-small': { kg: 600, cm3: 3_000_000 },
  'van-medium': { kg: 1_000, cm3: 6_000_000 },
  'van-large': { kg: 1_400, cm3: 11_000_000 },
  'van-extra-large': { kg: 1_400, cm3: 15_000_000 },
  'truck-light': { kg: 3_000, cm3: 20_000_000 },
  'truck-medium': { kg: 8_000, cm3: 40_000_000 },
  'truck-heavy': { kg: 14_000, cm3: 50_000_000 },
  'truck-semi': { kg: 24_000, cm3: 80_000_000 },
};

export const STOP_KINDS = ['pickup', 'dropoff', 'other'] as const;
export type StopKind = (typeof STOP_KINDS)[number];

const WindowSchema = z.object({ startAt: IsoDateTimeSchema, endAt: IsoDateTimeSchema });

/** One stop of a delivery as the board shows it. */
export const BoardStopSchema = z.object({
  stepUuid: UuidSchema,
  deliveryUuid: UuidSchema,
  deliveryName: z.string(),
  stepOrderNo: z.number().int(),
  kind: z.enum(STOP_KINDS),
  /** The address in one line, or the point when the stop has no address. */
  label: z.string(),
  location: LatLngSchema.nullable(),
  /** The window its service must start in (the step's kind's window, else the whole delivery's); null: any time. */
  window: WindowSchema.nullable(),
  /** Every task of it done. */
  done: z.boolean(),
  /** The stop's one ETA while its driver is out (issue 36, decision 073); null when none is known or it is done. */
  etaAt: IsoDateTimeSchema.nullable(),
});
export type BoardStop = z.infer<typeof BoardStopSchema>;

/** A stop in a route, with what the plan expects there. */
export const RouteStopSchema = BoardStopSchema.extend({
  position: z.number().int().nonnegative(),
  plannedArrivalAt: IsoDateTimeSchema.nullable(),
  plannedDepartureAt: IsoDateTimeSchema.nullable(),
  /** Minutes after its window's end that service would start (0: on time). */
  lateMinutes: z.number().int().nonnegative(),
  /** Kept in its place by the optimiser. */
  locked: z.boolean(),
  /** The load on board when leaving it. */
  loadKg: z.number(),
  loadCm3: z.number(),
});
export type RouteStop = z.infer<typeof RouteStopSchema>;

export const CapacitySchema = z.object({
  kg: z.number().nullable(),
  cm3: z.number().nullable(),
});

export const BoardVehicleSchema = z.object({
  uuid: UuidSchema,
  name: z.string(),
  sizeSlug: z.string(),
  /** What it carries; a null dimension is not limited (its size is unknown). */
  capacity: CapacitySchema,
});
export type BoardVehicle = z.infer<typeof BoardVehicleSchema>;

export const BoardPlaceSchema = z.object({ label: z.string(), location: LatLngSchema });

export const ShiftSchema = z.object({
  startsAt: IsoDateTimeSchema,
  endsAt: IsoDateTimeSchema,
  breakMinutes: z.number().int().nonnegative(),
  breakFrom: IsoDateTimeSchema,
  breakUntil: IsoDateTimeSchema,
  /** Where the day starts and ends; null: where the driver is, and the last stop. */
  startPlace: BoardPlaceSchema.nullable(),
  endPlace: BoardPlaceSchema.nullable(),
});

/** A route's figures, as the board compares them before and after a change. */
export const RouteFiguresSchema = z.object({
  distanceM: z.number().int().nonnegative(),
  durationS: z.number().int().nonnegative(),
  lateStops: z.number().int().nonnegative(),
  lateMinutes: z.number().int().nonnegative(),
  peakKg: z.number(),
  peakCm3: z.number(),
  /** The peak load is above the vehicle's capacity in one dimension at least. */
  overCapacity: z.boolean(),
  /** The route ends after the shift does. */
  overShift: z.boolean(),
});
export type RouteFigures = z.infer<typeof RouteFiguresSchema>;

const minuteOfDay = z
  .number()
  .int('Use whole minutes.')
  .min(0, 'A time of day starts at 00:00.')
  .max(24 * 60, 'A time of day ends at 24:00.');

const DriverShiftFieldsSchema = z.object({
  shiftStartMinute: minuteOfDay,
  shiftEndMinute: minuteOfDay,
  breakMinutes: z.number().int().min(0).max(240, 'A break of at most 4 hours.'),
  breakFromMinute: minuteOfDay,
  breakUntilMinute: minuteOfDay,
  shiftStartAddressUuid: UuidSchema.nullable(),
  shiftEndAddressUuid: UuidSchema.nullable(),
  usualVehicleUuid: UuidSchema.nullable(),
});

export const DriverShiftBodySchema = DriverShiftFieldsSchema.refine(
  (s) => s.shiftEndMinute > s.shiftStartMinute,
  {
    path: ['shiftEndMinute'],
    message: 'The shift ends after it starts.',
  },
).refine((s) => s.breakUntilMinute >= s.breakFromMinute, {
  path: ['breakUntilMinute'],
  message: 'The break’s latest start is after its earliest.',
});
export type DriverShiftBody = z.infer<typeof DriverShiftBodySchema>;

export const DriverShiftSchema = DriverShiftFieldsSchema.extend({ driverUserUuid: UuidSchema });

export const DriverRouteSchema = z.object({
  driverUserUuid: UuidSchema,
  firstName: z.string(),
  lastName: z.string(),
  driverStatusSlug: z.string(),
  shift: ShiftSchema,
  /** The vehicle of the route: the one its deliveries are assigned with, else the driver's usual one. */
  vehicle: BoardVehicleSchema.nullable(),
  stops: z.array(RouteStopSchema),
  figures: RouteFiguresSchema,
  /** Where the driver was last seen, for the map. */
  location: LatLngSchema.nullable(),
  /** The working day as it is set (minutes, the places' and usual vehicle's ids), for the form that edits it. */
  workingDay: DriverShiftSchema,
});
export type DriverRoute = z.infer<typeof DriverRouteSchema>;

/** A delivery the company runs that no route of the day holds. */
export const BoardDeliverySchema = z.object({
  uuid: UuidSchema,
  name: z.string(),
  liveStatusSlug: z.string(),
  weightKg: z.number(),
  volumeCm3: z.number(),
  stops: z.array(BoardStopSchema),
  /** Assigned (by the delivery form) but in no route yet: the driver's name. */
  assignedDriverName: z.string().nullable(),
  /** Why auto-assignment left it here (no route could take it), until a dispatcher places it. */
  autoAssignReason: z.string().nullable(),
});
export type BoardDelivery = z.infer<typeof BoardDeliverySchema>;

export const DispatchBoardSchema = z.object({
  day: IsoDateSchema,
  timeZone: z.string(),
  autoAssign: z.boolean(),
  /** Where distances and times come from: a road router (OSRM), or straight lines with a detour factor. */
  travel: z.enum(['osrm', 'estimate']),
  routes: z.array(DriverRouteSchema),
  unassigned: z.array(BoardDeliverySchema),
});
export type DispatchBoard = z.infer<typeof DispatchBoardSchema>;

export const DispatchDayQuerySchema = z.object({
  /** The day in the company's time zone; today when not given. */
  day: IsoDateSchema.optional(),
});

/** One driver's route as the dispatcher arranged it: every stop, in order. */
export const RouteLayoutSchema = z.object({
  driverUserUuid: UuidSchema,
  /** The vehicle for the deliveries newly in the route; the driver's usual one when not given. */
  vehicleUuid: UuidSchema.optional(),
  stepUuids: z
    .array(UuidSchema)
    .max(PLANNING.maxStopsPerRoute, `At most ${PLANNING.maxStopsPerRoute} stops a route.`),
  lockedStepUuids: z.array(UuidSchema).default([]),
});
export type RouteLayout = z.infer<typeof RouteLayoutSchema>;

/**
 * A change of the board: the new layout of the routes it touches (a move between drivers touches both), and the
 * deliveries taken out of every route and assignment.
 */
export const BoardChangeBodySchema = z.object({
  day: IsoDateSchema,
  routes: z.array(RouteLayoutSchema).max(PLANNING.maxDriversPerSolve),
  unassignDeliveryUuids: z.array(UuidSchema).default([]),
});
export type BoardChangeBody = z.input<typeof BoardChangeBodySchema>;

/** What the routes of a change would look like: the figures before and after, nothing saved. */
export const BoardPreviewSchema = z.object({
  routes: z.array(
    z.object({
      driverUserUuid: UuidSchema,
      stops: z.array(RouteStopSchema),
      before: RouteFiguresSchema,
      after: RouteFiguresSchema,
    }),
  ),
});
export type BoardPreview = z.infer<typeof BoardPreviewSchema>;

export const DispatchSettingsBodySchema = z.object({ autoAssign: z.boolean() });

export const DispatchDriverParamsSchema = CompanyParamsSchema.extend({ driverUserUuid: UuidSchema });

export const PLAN_STATUSES = ['solving', 'ready', 'failed', 'applied', 'discarded'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

const PlanTotalsSchema = z.object({
  distanceM: z.number().int().nonnegative(),
  durationS: z.number().int().nonnegative(),
  lateStops: z.number().int().nonnegative(),
  lateMinutes: z.number().int().nonnegative(),
  /** Deliveries in a route. */
  routed: z.number().int().nonnegative(),
});
export type PlanTotals = z.infer<typeof PlanTotalsSchema>;

/** An optimisation's proposal: the routes it would make, against those of now, and what it could not place. */
export const PlanResultSchema = z.object({
  routes: z.array(
    z.object({
      driverUserUuid: UuidSchema,
      stops: z.array(RouteStopSchema),
      before: RouteFiguresSchema,
      after: RouteFiguresSchema,
    }),
  ),
  unassigned: z.array(z.object({ deliveryUuid: UuidSchema, name: z.string(), reason: z.string() })),
  /** Chosen drivers the plan gives nothing to (away for the day, no vehicle), with the reason. */
  driversLeftOut: z.array(z.object({ driverUserUuid: UuidSchema, name: z.string(), reason: z.string() })),
  before: PlanTotalsSchema,
  after: PlanTotalsSchema,
  computingMs: z.number().int().nonnegative(),
  /** Why distances are estimates (the road router failed), for the dispatcher; null when all is well. */
  travelWarning: z.string().nullable(),
});
export type PlanResult = z.infer<typeof PlanResultSchema>;

export const PlanDraftSchema = z.object({
  uuid: UuidSchema,
  day: IsoDateSchema,
  status: z.enum(PLAN_STATUSES),
  /** `built-in` or `vroom`. */
  engine: z.string(),
  driverUserUuids: z.array(UuidSchema),
  deliveryUuids: z.array(UuidSchema),
  createdAt: IsoDateTimeSchema,
  finishedAt: IsoDateTimeSchema.nullable(),
  /** Why the solve failed, in words; null unless failed. */
  error: z.string().nullable(),
  result: PlanResultSchema.nullable(),
});
export type PlanDraft = z.infer<typeof PlanDraftSchema>;

export const OptimiseBodySchema = z.object({
  day: IsoDateSchema,
  driverUserUuids: z
    .array(UuidSchema)
    .min(1, 'Choose at least one driver.')
    .max(PLANNING.maxDriversPerSolve, `At most ${PLANNING.maxDriversPerSolve} drivers a plan.`),
  /** Deliveries to place besides those already in the chosen drivers' routes. */
  deliveryUuids: z
    .array(UuidSchema)
    .max(PLANNING.maxDeliveriesPerSolve, `At most ${PLANNING.maxDeliveriesPerSolve} deliveries a plan.`),
});
export type OptimiseBody = z.infer<typeof OptimiseBodySchema>;

export const PlanParamsSchema = CompanyParamsSchema.extend({ planUuid: UuidSchema });

export const planningCalls = {
  getDispatchBoard: defineCall({
    method: 'GET',
    path: '/c/:companySlug/admin/dispatch',
    summary: "A day's dispatch board: each driver's route with planned times, and the deliveries in no route",
    params: CompanyParamsSchema,
    query: DispatchDayQuerySchema,
    data: DispatchBoardSchema,
  }),
  previewBoardChange: defineCall({
    method: 'POST',
    path: '/c/:companySlug/admin/dispatch/preview',
    summary:
      'What a change of the routes would do (times, lateness, load), before it is saved; nothing is written',
    params: CompanyParamsSchema,
    body: BoardChangeBodySchema,
    data: BoardPreviewSchema,
  }),
  saveBoardChange: defineCall({
    method: 'PUT',
    path: '/c/:companySlug/admin/dispatch',
    summary:
      'Saves routes as arranged: new deliveries are assigned to the driver, the order and planned times kept',
    params: CompanyParamsSchema,
    body: BoardChangeBodySchema,
    data: DispatchBoardSchema,
    errors: [409],
  }),
  optimise: defineCall({
    method: 'POST',
    path: '/c/:companySlug/admin/dispatch/plan',
    summary: 'Asks the optimiser for a plan of the chosen drivers and deliveries; solved in the background',
    params: CompanyParamsSchema,
    body: OptimiseBodySchema,
    data: PlanDraftSchema,
    status: 201,
  }),
  getPlan: defineCall({
    method: 'GET',
    path: '/c/:companySlug/admin/dispatch/plan/:planUuid',
    summary:
      'A plan: still solving, ready to review (routes before and after), failed with the reason, or done',
    params: PlanParamsSchema,
    data: PlanDraftSchema,
  }),
  applyPlan: defineCall({
    method: 'POST',
    path: '/c/:companySlug/admin/dispatch/plan/:planUuid/apply',
    summary: 'Applies a ready plan through the assignment, unless the board changed since it was made (409)',
    params: PlanParamsSchema,
    data: DispatchBoardSchema,
    errors: [409],
  }),
  discardPlan: defineCall({
    method: 'DELETE',
    path: '/c/:companySlug/admin/dispatch/plan/:planUuid',
    summary: 'Discards a plan',
    params: PlanParamsSchema,
    data: PlanDraftSchema,
  }),
  updateDispatchSettings: defineCall({
    method: 'PUT',
    path: '/c/:companySlug/admin/dispatch/settings',
    summary: "Turns the company's auto-assignment of new deliveries on or off",
    params: CompanyParamsSchema,
    body: DispatchSettingsBodySchema,
    data: DispatchSettingsBodySchema,
  }),
  updateDriverShift: defineCall({
    method: 'PUT',
    path: '/c/:companySlug/admin/dispatch/driver/:driverUserUuid/shift',
    summary: "A driver's working day for planning: shift, break, start and end places, usual vehicle",
    params: DispatchDriverParamsSchema,
    body: DriverShiftBodySchema,
    data: DriverShiftSchema,
  }),
};
