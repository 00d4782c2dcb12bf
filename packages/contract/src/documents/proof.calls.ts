import { z } from 'zod';
import { UuidSchema } from '../common.js';
import { ProofSchema } from './documents.entities.js';
import { defineCall } from '../api/define-call.js';
import { DeliveryParamsSchema } from '../params.js';
import { CompanyParamsSchema } from '../params.js';
import { DeliveryQuerySchema } from '../params.js';

/** What a proof of delivery is: a signature drawn on the phone, a photo, or a scanned document. */
export const PROOF_TYPE_SLUGS = ['signature', 'photo', 'document'] as const;
export type ProofTypeSlug = (typeof PROOF_TYPE_SLUGS)[number];
/** The document type each proof type is recorded as. */
export const PROOF_DOCUMENT_TYPES: Record<ProofTypeSlug, string> = {
  signature: 'signature',
  photo: 'photo',
  document: 'proof-of-delivery',
};
/** Files accepted as proofs, checked by their bytes. */
export const PROOF_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'application/pdf'] as const;

/** The text fields sent before the file in a proof upload. */
export const ProofUploadFieldsSchema = z.object({
  deliveryStepTaskUuid: UuidSchema,
  proofTypeSlug: z.enum(PROOF_TYPE_SLUGS, { error: 'Choose signature, photo or document.' }),
  proofName: z.string().trim().max(100).optional(),
});
export type ProofUploadFields = z.infer<typeof ProofUploadFieldsSchema>;

/** A proof with the step and task it proves. */
export const TaskProofSchema = ProofSchema.extend({
  uuid: UuidSchema,
  deliveryUuid: UuidSchema,
  deliveryStepUuid: UuidSchema,
  deliveryStepTaskUuid: UuidSchema,
  createdByUserUuid: UuidSchema.nullable(),
});
export type TaskProof = z.infer<typeof TaskProofSchema>;

/** Proofs grouped by delivery, step and task: `data[deliveryUuid][stepUuid][taskUuid]` lists a task's proofs. */
export const GroupedProofsSchema = z.record(
  z.string(),
  z.record(z.string(), z.record(z.string(), z.array(TaskProofSchema))),
);
export type GroupedProofs = z.infer<typeof GroupedProofsSchema>;

export const proofCalls = {
  /** Multipart: text fields of ProofUploadFieldsSchema, then `file` (PNG, JPEG, WebP or PDF, 10 MB at most). */
  uploadProof: defineCall({
    method: 'POST',
    path: '/c/:companySlug/admin/delivery/:deliveryUuid/doc/step/task/proof',
    summary: 'Attach a proof (signature, photo or PDF) to a step task of a delivery (multipart)',
    params: DeliveryParamsSchema,
    data: TaskProofSchema,
    status: 201,
  }),
  listProofs: defineCall({
    method: 'GET',
    path: '/c/:companySlug/admin/delivery/step/task/doc',
    summary: "A delivery's proofs, grouped by delivery, step and task",
    params: CompanyParamsSchema,
    query: DeliveryQuerySchema,
    data: GroupedProofsSchema,
  }),
};
/** Not a JSON call: the proof's file itself, with its checked content type. */
export const PROOF_FILE_PATH = '/c/:companySlug/admin/delivery/doc/:documentUuid/file';
