// The schemas of the lookups calls' params, queries, bodies and answers, apart from the calls (lookups.calls.ts): a call
// needs none of them in the browser, whose first screens load no zod (decision 050).
import { z } from 'zod';
import { GenericTypeSchema } from './lookups.entities.js';
import { STATUS_TAGS } from '../statuses.js';

/** A lookup entry; statuses carry their colour tag, sizes their order. */
export const LookupEntrySchema = GenericTypeSchema.extend({
  tag: z.enum(STATUS_TAGS).optional(),
  sortOrder: z.number().int(),
});
export type LookupEntry = z.infer<typeof LookupEntrySchema>;
export const LookupMapSchema = z.record(z.string(), LookupEntrySchema);
export type LookupMap = z.infer<typeof LookupMapSchema>;
