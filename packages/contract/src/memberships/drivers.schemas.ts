// The schemas of the drivers calls' params, queries, bodies and answers, apart from the calls (drivers.calls.ts): a call
// needs none of them in the browser, whose first screens load no zod (decision 050).
import { z } from 'zod';
import { whenMissing } from '../messages.js';
import { IsoDateTimeSchema, UuidSchema } from '../common.js';
import { LIMITS } from '../constants.js';
import { DriverInfoSchema, DriverStatusSlugSchema } from '../fleet/fleet.entities.js';
import { CompanyUserSchema } from '../identity/users.entities.js';
import { CompanyParamsSchema } from '../params.js';

const nameField = (label: string) =>
  z
    .string({ error: whenMissing(`${label} is required`) })
    .trim()
    .min(1, `${label} is required`)
    .max(LIMITS.nameMax);
const emailField = z
  .string({ error: whenMissing('E-mail is required') })
  .trim()
  .toLowerCase()
  .pipe(z.email('Enter a valid e-mail address'));
const optionalText = z.string().trim().max(50).optional();

/**
 * Add a driver: an unknown e-mail creates an account and e-mails the driver an invitation to choose their own
 * password (decision 032); a known one is linked, keeping that person's own password.
 */
export const CreateDriverBodySchema = z.object({
  email: emailField,
  firstname: nameField('First name'),
  lastname: nameField('Last name'),
  phoneNumber: z.string().trim().max(LIMITS.phoneNumberMax).optional(),
  licenceNumber: optionalText,
  insuranceNumber: optionalText,
});
export type CreateDriverBody = z.infer<typeof CreateDriverBodySchema>;

export const DriverInfoBodySchema = z.object({
  licenceNumber: optionalText,
  insuranceNumber: optionalText,
  licenceExpiresAt: IsoDateTimeSchema.nullable().optional(),
  insuranceExpiresAt: IsoDateTimeSchema.nullable().optional(),
});
export type DriverInfoBody = z.infer<typeof DriverInfoBodySchema>;

export const DriverStatusBodySchema = z.object({
  driverUserUuid: UuidSchema,
  driverStatusSlug: DriverStatusSlugSchema,
});
export const DriverParamsSchema = CompanyParamsSchema.extend({ driverUserUuid: UuidSchema });
export const DriverDocumentParamsSchema = DriverParamsSchema.extend({ documentUuid: UuidSchema });

export const CreatedDriverSchema = z.object({
  user: CompanyUserSchema,
  info: DriverInfoSchema,
  created: z.boolean(),
});
