import { z } from 'zod';
import { IsoDateTimeSchema, UuidSchema } from '../common.js';

export const DocumentSchema = z.object({
  uuid: UuidSchema,
  createdAt: IsoDateTimeSchema,
  isChecked: z.boolean(),
  isValid: z.boolean(),
  documentTypeSlug: z.string(),
  sizeBytes: z.number().int().min(0),
  originalName: z.string(),
  mimeType: z.string(),
  extension: z.string(),
});
export type Document = z.infer<typeof DocumentSchema>;

export const ProofSchema = z.object({
  proofName: z.string(),
  deliveryStepTaskProofTypeSlug: z.string(),
  url: z.string(),
  document: DocumentSchema,
});
export type Proof = z.infer<typeof ProofSchema>;
