// The schemas of the fleet calls' params, queries, bodies and answers, apart from the calls (fleet.calls.ts): a call
// needs none of them in the browser, whose first screens load no zod (decision 050).
import { z } from 'zod';
import { whenMissing } from '../messages.js';
import { LocationSchema, SlugSchema, UuidSchema } from '../common.js';
import { LIMITS } from '../constants.js';
import { VehicleSizeSlugSchema, VehicleStatusSlugSchema } from './fleet.entities.js';
import { CompanyParamsSchema } from '../params.js';
import { ListQuerySchema } from '../api/list-query.js';

/** Registration numbers are compared without spaces, dashes or case: "ab12 cde" and "AB12-CDE" are one vehicle. */
export function normaliseRegistration(value: string): string {
  return value.replace(/[\s-]+/g, '').toUpperCase();
}

export const VEHICLE_SORTS = ['name', 'registrationNumber', 'status', 'size', 'createdAt'] as const;

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
