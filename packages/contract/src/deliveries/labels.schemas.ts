import { z } from 'zod';
import { UuidSchema } from '../common.js';

/**
 * Parcel labels (issue 34, decision 067): a PDF with one page per parcel, printed on a label printer. Not JSON calls:
 * file routes (FILE_ROUTE_ACCESS), answered as `application/pdf`.
 */

/** The label sizes: 4×6 in (the thermal printers' common roll), and A6 (105 × 148 mm, Europe's). */
export const LABEL_SIZES = ['4x6', 'a6'] as const;
export type LabelSize = (typeof LABEL_SIZES)[number];

/** Deliveries one request may print the labels of. */
export const LABEL_DELIVERIES_MAX = 100;
/** Labels (pages) one request may print: a few milliseconds each, so a long run stays within seconds. */
export const LABEL_PAGES_MAX = 2_000;

/** One delivery's labels: every parcel's, or one parcel's (`?parcel=`). */
export const DELIVERY_LABELS_PATH = '/c/:companySlug/admin/delivery/:deliveryUuid/labels.pdf';
/** The labels of several deliveries at once (`?delivery=<uuid>&delivery=<uuid>…`), in the order asked. */
export const LABELS_PATH = '/c/:companySlug/admin/labels.pdf';

const SizeSchema = z
  .enum(LABEL_SIZES, { error: 'Choose a size of 4x6 or a6.' })
  .default('4x6')
  .describe('4x6 (288 × 432 pt, the default) or a6 (105 × 148 mm).');

export const DeliveryLabelsQuerySchema = z.object({
  parcel: UuidSchema.optional().describe("Only this parcel's label."),
  size: SizeSchema,
});

export const LabelsQuerySchema = z.object({
  // A query string gives one value as a string and a repeated one as a list: both are read as a list.
  delivery: z
    .preprocess(
      (v: unknown) => (v === undefined ? [] : Array.isArray(v) ? (v as unknown[]) : [v]),
      z
        .array(UuidSchema)
        .min(1, 'Choose at least one delivery (delivery=<uuid>).')
        .max(LABEL_DELIVERIES_MAX, `Choose at most ${LABEL_DELIVERIES_MAX} deliveries at once.`),
    )
    .describe(`A delivery's uuid; repeat for more (up to ${LABEL_DELIVERIES_MAX}).`),
  size: SizeSchema,
});
