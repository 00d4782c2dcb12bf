import { z } from 'zod';
import { whenMissing } from '../messages.js';
import { IsoDateTimeSchema, UuidSchema } from '../common.js';
import { LIMITS } from '../constants.js';
import { DriverInfoSchema, DriverStatusSlugSchema } from '../fleet/fleet.entities.js';
import { CompanyUserSchema } from '../identity/users.entities.js';
import { CompanyParamsSchema } from './admin-users.calls.js';
import { defineCall } from '../api/define-call.js';

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

const base = '/c/:companySlug/admin';
export const driverCalls = {
  listDriverUserUuids: defineCall({
    method: 'GET',
    path: `${base}/driver/user/uuid`,
    summary: "Uuids of the company's drivers",
    params: CompanyParamsSchema,
    data: z.array(UuidSchema),
  }),
  listDriverInfo: defineCall({
    method: 'GET',
    path: `${base}/driver/info`,
    summary: 'Driver info of every driver, keyed by driver user uuid',
    params: CompanyParamsSchema,
    data: z.record(UuidSchema, DriverInfoSchema),
  }),
  createDriver: defineCall({
    method: 'POST',
    path: `${base}/driver`,
    summary: 'Add a driver: creates the account and e-mails an invitation, or links an existing one',
    params: CompanyParamsSchema,
    body: CreateDriverBodySchema,
    data: CreatedDriverSchema,
    status: 201,
  }),
  updateDriverStatus: defineCall({
    method: 'POST',
    path: `${base}/driver/status`,
    summary: "Change a driver's status",
    params: CompanyParamsSchema,
    body: DriverStatusBodySchema,
    data: DriverInfoSchema,
  }),
  updateDriverInfo: defineCall({
    method: 'PUT',
    path: `${base}/driver/:driverUserUuid/info`,
    summary: 'Licence and insurance numbers and expiry dates',
    params: DriverParamsSchema,
    body: DriverInfoBodySchema,
    data: DriverInfoSchema,
  }),
  /** Multipart: `file` (PDF, PNG, JPEG or WebP), `documentTypeSlug`, optional `expiresAt`. Answers DriverInfo. */
  uploadDriverDocument: defineCall({
    method: 'POST',
    path: `${base}/driver/:driverUserUuid/document`,
    summary: 'Upload a licence or insurance document (multipart)',
    params: DriverParamsSchema,
    data: DriverInfoSchema,
    status: 201,
  }),
};
/** Not a JSON call: the file itself, with its content type. */
export const DRIVER_DOCUMENT_FILE_PATH = `${base}/driver/:driverUserUuid/document/:documentUuid/file`;
