import { z } from 'zod';
import { whenMissing } from '../messages.js';
import { LIMITS } from '../constants.js';
import { CompanySchema } from './users.entities.js';
import { CompanyParamsSchema } from '../params.js';
import { defineCall } from '../api/define-call.js';

export const CompanyProfileBodySchema = z.object({
  name: z
    .string({ error: whenMissing('Name is required') })
    .trim()
    .min(1, 'Name is required')
    .max(LIMITS.nameMax),
  description: z.string().trim().max(LIMITS.descriptionMax).default(''),
});
export type CompanyProfileBody = z.input<typeof CompanyProfileBodySchema>;

const base = '/c/:companySlug/admin';
export const companyCalls = {
  getCompany: defineCall({
    method: 'GET',
    path: `${base}/company`,
    summary: 'The company profile',
    params: CompanyParamsSchema,
    data: CompanySchema,
  }),
  updateCompany: defineCall({
    method: 'PUT',
    path: `${base}/company`,
    summary: 'Change name and description (the slug never changes)',
    params: CompanyParamsSchema,
    body: CompanyProfileBodySchema,
    data: CompanySchema,
  }),
  /** Multipart: `file`, a PNG, JPEG or WebP image up to LIMITS.logoBytesMax. */
  uploadLogo: defineCall({
    method: 'POST',
    path: `${base}/company/logo`,
    summary: 'Upload the company logo (multipart, PNG, JPEG or WebP)',
    params: CompanyParamsSchema,
    data: CompanySchema,
  }),
};
