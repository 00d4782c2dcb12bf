import { z } from 'zod';
import { IsoDateTimeSchema, UuidSchema } from '../common.js';

/** A lookup row (types and statuses), keyed by slug in answers. */
export const GenericTypeSchema = z.object({
  uuid: UuidSchema,
  slug: z.string(),
  name: z.string(),
  description: z.string().optional(),
  isActive: z.boolean(),
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
});
export type GenericType = z.infer<typeof GenericTypeSchema>;

export const GenericTypeMapSchema = z.record(z.string(), GenericTypeSchema);
export type GenericTypeMap = z.infer<typeof GenericTypeMapSchema>;

export const OriginatorAccountSchema = z.object({
  uuid: UuidSchema,
  originatorSlug: z.string(),
  name: z.string(),
  externalId: z.string().optional(),
  settings: z.record(z.string(), z.unknown()).optional(),
});
export type OriginatorAccount = z.infer<typeof OriginatorAccountSchema>;
