import { z } from 'zod';
import { UuidSchema } from '../common.js';
import { DriverInfoSchema } from '../fleet/fleet.entities.js';
import { CompanyParamsSchema } from '../params.js';
import { defineCall } from '../api/define-call.js';
import {
  CreateDriverBodySchema,
  DriverInfoBodySchema,
  DriverStatusBodySchema,
  DriverParamsSchema,
  CreatedDriverSchema,
} from './drivers.schemas.js';

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
