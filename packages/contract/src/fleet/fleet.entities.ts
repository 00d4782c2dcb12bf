import { z } from 'zod';
import { IsoDateTimeSchema, LocationSchema, SlugSchema, UuidSchema } from '../common.js';
import { DRIVER_STATUSES, VEHICLE_SIZES, VEHICLE_STATUSES } from '../statuses.js';

const driverStatusSlugs = DRIVER_STATUSES.map((s) => s.slug) as [string, ...string[]];
const vehicleStatusSlugs = VEHICLE_STATUSES.map((s) => s.slug) as [string, ...string[]];

export const VehicleSizeSlugSchema = z.enum(VEHICLE_SIZES);
export const VehicleStatusSlugSchema = z.enum(vehicleStatusSlugs);
export const DriverStatusSlugSchema = z.enum(driverStatusSlugs);

export const VehicleSchema = z.object({
  uuid: UuidSchema,
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
  vehicleStatusTypeSlug: VehicleStatusSlugSchema,
  companySlug: SlugSchema,
  name: z.string(),
  description: z.string(),
  vehicleModelUuid: UuidSchema.nullable(),
  vehicleMakeTypeSlug: z.string().nullable(),
  vehicleSizeTypeSlug: VehicleSizeSlugSchema,
  vehicleColourTypeSlug: z.string().nullable(),
  registrationNumber: z.string(),
  vehicleYear: z.number().int().nullable(),
  vehicleFeatureTypes: z.array(z.string()),
  registrationNumberChecked: z.boolean(),
  registrationNumberVerified: z.boolean(),
  fleetUuids: z.array(UuidSchema),
  location: LocationSchema,
});
export type Vehicle = z.infer<typeof VehicleSchema>;

export const VehicleModelSchema = z.object({
  uuid: UuidSchema,
  vehicleMakeTypeSlug: z.string(),
  name: z.string(),
  vehicleSizeTypeSlug: VehicleSizeSlugSchema,
});
export type VehicleModel = z.infer<typeof VehicleModelSchema>;

export const FleetSchema = z.object({
  uuid: UuidSchema,
  name: z.string(),
  description: z.string().optional(),
  vehicleUuids: z.array(UuidSchema),
});
export type Fleet = z.infer<typeof FleetSchema>;

export const DriverInfoSchema = z.object({
  uuid: UuidSchema,
  driverUserUuid: UuidSchema,
  driverStatusSlug: DriverStatusSlugSchema,
  driverStatusName: z.string(),
  licenceNumber: z.string().optional(),
  insuranceNumber: z.string().optional(),
  /** Expiry of the driving licence and of the insurance, when known. */
  licenceExpiresAt: IsoDateTimeSchema.nullable().optional(),
  insuranceExpiresAt: IsoDateTimeSchema.nullable().optional(),
  /** Documents (licence, insurance) on file for the driver. */
  documents: z.array(z.lazy(() => DriverDocumentSchema)).optional(),
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
});
export type DriverInfo = z.infer<typeof DriverInfoSchema>;

export const DRIVER_DOCUMENT_TYPES = ['driving-licence', 'insurance-certificate'] as const;
export const DriverDocumentSchema = z.object({
  uuid: UuidSchema,
  documentTypeSlug: z.enum(DRIVER_DOCUMENT_TYPES),
  expiresAt: IsoDateTimeSchema.nullable(),
  originalName: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int().min(0),
  /** Path of the file under /api/v1, served to members of the company only. */
  url: z.string(),
  createdAt: IsoDateTimeSchema,
});
export type DriverDocument = z.infer<typeof DriverDocumentSchema>;
