import { z } from 'zod';
import { whenMissing } from '../messages.js';
import { LocationSchema, SlugSchema, UuidSchema } from '../common.js';
import { LIMITS } from '../constants.js';
import {
  FleetSchema,
  VehicleModelSchema,
  VehicleSchema,
  VehicleSizeSlugSchema,
  VehicleStatusSlugSchema,
} from './fleet.entities.js';
import { CompanyParamsSchema } from '../memberships/admin-users.calls.js';
import { defineCall } from '../api/define-call.js';
import { ListQuerySchema } from '../api/list-query.js';

/** Registration numbers are compared without spaces, dashes or case: "ab12 cde" and "AB12-CDE" are one vehicle. */
export function normaliseRegistration(value: string): string {
  return value.replace(/[\s-]+/g, '').toUpperCase();
}

const optionalSlug = z.string().trim().min(1).max(100).nullable().optional();

export const VehicleInputSchema = z.object({
  name: z
    .string({ error: whenMissing('Name is required') })
    .trim()
    .min(1, 'Name is required')
    .max(LIMITS.nameMax, `Name must be at most ${LIMITS.nameMax} characters`),
  description: z.string().trim().max(LIMITS.descriptionMax).default(''),
  registrationNumber: z
    .string({ error: whenMissing('Registration number is required') })
    .transform(normaliseRegistration)
    .pipe(
      z
        .string()
        .min(LIMITS.registrationNumberMin, 'Registration number is required')
        .max(
          LIMITS.registrationNumberMax,
          `Registration number must be at most ${LIMITS.registrationNumberMax} characters`,
        )
        .regex(/^[A-Z0-9]+$/, 'Use letters and digits only'),
    ),
  vehicleSizeTypeSlug: VehicleSizeSlugSchema.default('unknown'),
  vehicleStatusTypeSlug: VehicleStatusSlugSchema.default('available'),
  vehicleModelUuid: UuidSchema.nullable().optional(),
  vehicleMakeTypeSlug: optionalSlug,
  vehicleColourTypeSlug: optionalSlug,
  vehicleYear: z.coerce
    .number()
    .int('Year must be a whole number')
    .min(LIMITS.vehicleYearMin, `Year must be ${LIMITS.vehicleYearMin} or later`)
    .max(new Date().getFullYear() + 1, 'Year cannot be in the future')
    .nullable()
    .optional(),
  vehicleFeatureTypes: z.array(SlugSchema).max(LIMITS.vehicleFeaturesMax).default([]),
  fleetUuids: z.array(UuidSchema).max(50).default([]),
  location: LocationSchema.optional(),
});
export type VehicleInput = z.input<typeof VehicleInputSchema>;

export const VEHICLE_SORTS = ['name', 'registrationNumber', 'status', 'size', 'createdAt'] as const;
export const VehicleListQuerySchema = ListQuerySchema.extend({
  status: VehicleStatusSlugSchema.optional(),
  size: VehicleSizeSlugSchema.optional(),
  fleet: UuidSchema.optional(),
  sort: z.enum(VEHICLE_SORTS).default('name'),
});
export type VehicleListQuery = z.input<typeof VehicleListQuerySchema>;

export const VehicleParamsSchema = CompanyParamsSchema.extend({ vehicleUuid: UuidSchema });
export const FleetParamsSchema = CompanyParamsSchema.extend({ fleetUuid: UuidSchema });
export const FleetVehicleParamsSchema = FleetParamsSchema.extend({ vehicleUuid: UuidSchema });

export const VehicleStatusBodySchema = z.object({
  vehicleUuid: UuidSchema,
  vehicleStatusTypeSlug: VehicleStatusSlugSchema,
});

export const VehicleStatsSchema = z.object({
  total: z.number().int(),
  byStatus: z.record(z.string(), z.number().int()),
  bySize: z.record(z.string(), z.number().int()),
});
export type VehicleStats = z.infer<typeof VehicleStatsSchema>;

export const VehicleModelInputSchema = z.object({
  vehicleMakeTypeSlug: SlugSchema,
  name: z
    .string({ error: whenMissing('Model name is required') })
    .trim()
    .min(1, 'Model name is required')
    .max(LIMITS.nameMax),
  vehicleSizeTypeSlug: VehicleSizeSlugSchema,
});
export type VehicleModelInput = z.infer<typeof VehicleModelInputSchema>;

export const FleetInputSchema = z.object({
  name: z
    .string({ error: whenMissing('Name is required') })
    .trim()
    .min(1, 'Name is required')
    .max(LIMITS.nameMax),
  description: z.string().trim().max(LIMITS.descriptionMax).optional(),
});
export type FleetInput = z.infer<typeof FleetInputSchema>;
export const FleetVehiclesBodySchema = z.object({ vehicleUuids: z.array(UuidSchema).min(1).max(1000) });

const base = '/c/:companySlug/admin';
export const fleetCalls = {
  listVehicles: defineCall({
    method: 'GET',
    path: `${base}/vehicle`,
    summary: "The company's vehicles: search, filter by status, size and fleet, sort, paginate",
    params: CompanyParamsSchema,
    query: VehicleListQuerySchema,
    data: z.array(VehicleSchema),
    paginated: true,
  }),
  vehicleStats: defineCall({
    method: 'GET',
    path: `${base}/vehicle/stats`,
    summary: 'Vehicle counts by status and by size',
    params: CompanyParamsSchema,
    data: VehicleStatsSchema,
  }),
  getVehicle: defineCall({
    method: 'GET',
    path: `${base}/vehicle/:vehicleUuid`,
    summary: 'One vehicle',
    params: VehicleParamsSchema,
    data: VehicleSchema,
  }),
  createVehicle: defineCall({
    method: 'POST',
    path: `${base}/vehicle`,
    summary: 'Add a vehicle (registration numbers are unique within a company)',
    params: CompanyParamsSchema,
    body: VehicleInputSchema,
    data: VehicleSchema,
    status: 201,
  }),
  updateVehicle: defineCall({
    method: 'PUT',
    path: `${base}/vehicle/:vehicleUuid`,
    summary: 'Change a vehicle',
    params: VehicleParamsSchema,
    body: VehicleInputSchema,
    data: VehicleSchema,
  }),
  deleteVehicle: defineCall({
    method: 'DELETE',
    path: `${base}/vehicle/:vehicleUuid`,
    summary: 'Delete a vehicle (refused while it is assigned to a live delivery)',
    params: VehicleParamsSchema,
    data: z.object({ uuid: UuidSchema }),
  }),
  updateVehicleStatus: defineCall({
    method: 'POST',
    path: `${base}/vehicle/status`,
    summary: "Change a vehicle's status",
    params: CompanyParamsSchema,
    body: VehicleStatusBodySchema,
    data: VehicleSchema,
  }),
  listVehicleModels: defineCall({
    method: 'GET',
    path: `${base}/vehicle/model`,
    summary: "The shared vehicle models and the company's own, keyed by uuid",
    params: CompanyParamsSchema,
    data: z.record(UuidSchema, VehicleModelSchema),
  }),
  createVehicleModel: defineCall({
    method: 'POST',
    path: `${base}/vehicle/model`,
    summary: 'Add a vehicle model (make, name, size) for this company',
    params: CompanyParamsSchema,
    body: VehicleModelInputSchema,
    data: VehicleModelSchema,
    status: 201,
  }),
  listFleets: defineCall({
    method: 'GET',
    path: `${base}/fleet`,
    summary: "The company's fleets with their vehicles",
    params: CompanyParamsSchema,
    data: z.array(FleetSchema),
  }),
  createFleet: defineCall({
    method: 'POST',
    path: `${base}/fleet`,
    summary: 'Create a fleet',
    params: CompanyParamsSchema,
    body: FleetInputSchema,
    data: FleetSchema,
    status: 201,
  }),
  updateFleet: defineCall({
    method: 'PUT',
    path: `${base}/fleet/:fleetUuid`,
    summary: 'Rename a fleet',
    params: FleetParamsSchema,
    body: FleetInputSchema,
    data: FleetSchema,
  }),
  deleteFleet: defineCall({
    method: 'DELETE',
    path: `${base}/fleet/:fleetUuid`,
    summary: 'Delete a fleet (its vehicles stay)',
    params: FleetParamsSchema,
    data: z.object({ uuid: UuidSchema }),
  }),
  addFleetVehicles: defineCall({
    method: 'POST',
    path: `${base}/fleet/:fleetUuid/vehicle`,
    summary: 'Add vehicles to a fleet',
    params: FleetParamsSchema,
    body: FleetVehiclesBodySchema,
    data: FleetSchema,
  }),
  removeFleetVehicle: defineCall({
    method: 'DELETE',
    path: `${base}/fleet/:fleetUuid/vehicle/:vehicleUuid`,
    summary: 'Remove a vehicle from a fleet',
    params: FleetVehicleParamsSchema,
    data: FleetSchema,
  }),
};
