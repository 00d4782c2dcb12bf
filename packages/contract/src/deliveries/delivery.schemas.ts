// The schemas of the delivery calls' params, queries, bodies and answers, apart from the calls (delivery.calls.ts): a call
// needs none of them in the browser, whose first screens load no zod (decision 050).
import { z } from 'zod';
import { IsoDateTimeSchema, UuidSchema } from '../common.js';
import { POSITIONS } from '../constants.js';
import { CompanyParamsSchema, DeliveryQuerySchema } from '../params.js';

export const QuoteParamsSchema = CompanyParamsSchema.extend({ quoteUuid: UuidSchema });
export const ParcelParamsSchema = CompanyParamsSchema.extend({ parcelUuid: UuidSchema });

/** A page of a location history: points recorded after `since` (exclusive), oldest first. */
export const LocationHistoryQuerySchema = DeliveryQuerySchema.extend({
  since: IsoDateTimeSchema.optional(),
  limit: z.coerce.number().int().min(1).max(POSITIONS.historyPageMax).default(POSITIONS.historyPageMax),
});
export type LocationHistoryQuery = z.infer<typeof LocationHistoryQuerySchema>;
