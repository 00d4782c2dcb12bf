import { z } from 'zod';
import { PaginationMetaSchema } from '../common.js';

// The answers' envelopes as schemas: the server encodes with them and the OpenAPI document names them. Apart from
// defineCall (define-call.ts), so that a call's definition needs no schema at run time (decision 050).

/** The success envelope: `{ data, message?, meta? }`. */
export function envelopeOf<R extends z.ZodType>(data: R) {
  return z.object({
    data,
    message: z.string().optional(),
    meta: PaginationMetaSchema.optional(),
  });
}

export const ErrorBodySchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

export const MessageSchema = z.object({ message: z.string() });
