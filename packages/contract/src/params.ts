import { z } from 'zod';
import { SlugSchema, UuidSchema } from './common.js';

// The path and query parameters many folders' calls share: at the root, so no folder imports another for them (the
// contract's folders form no cycle, eslint.config.js CONTRACT_FOLDERS).

/** A company route's `{companySlug}`. */
export const CompanyParamsSchema = z.object({ companySlug: SlugSchema });
/** A company route about one delivery. */
export const DeliveryParamsSchema = CompanyParamsSchema.extend({ deliveryUuid: UuidSchema });
/** A list about one delivery, asked by query (`?deliveryUuid=`). */
export const DeliveryQuerySchema = z.object({ deliveryUuid: UuidSchema });
