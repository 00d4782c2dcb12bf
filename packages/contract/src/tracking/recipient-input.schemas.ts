import { z } from 'zod';
import { IsoDateTimeSchema } from '../common.js';

/**
 * What a recipient writes from the tracking page (issue 36): delivery instructions before the delivery, a rating
 * after it. The token is the credential. One schema validates the page's form and the server; its limits are here so
 * the two cannot drift.
 */
export const RECIPIENT_INPUT = {
  doorCodeMax: 40,
  safePlaceMax: 200,
  noteMax: 500,
  ratingCommentMax: 1000,
} as const;

/**
 * Statuses in which instructions no longer reach anyone (the parcel is handed over, or it will not come): writing
 * them is refused (409). A failed attempt is not among them: instructions then help the next attempt.
 */
export const INSTRUCTIONS_CLOSED_STATUSES: readonly string[] = [
  'delivered',
  'completed',
  'cancelled',
  'returned',
];
/** Statuses in which the recipient may rate the delivery (once). */
export const RATEABLE_STATUSES: readonly string[] = ['delivered', 'completed'];

const text = (max: number, what: string) =>
  z
    .string({ error: `${what} is text.` })
    .trim()
    .max(max, `${what} is at most ${max} characters.`)
    .default('');

/** The instructions as written: every field may be left empty (an empty form clears them). */
export const RecipientInstructionsBodySchema = z.object({
  doorCode: text(RECIPIENT_INPUT.doorCodeMax, 'The door code'),
  safePlace: text(RECIPIENT_INPUT.safePlaceMax, 'The safe place'),
  callOnArrival: z.boolean({ error: 'Choose whether the driver should call on arrival.' }).default(false),
  note: text(RECIPIENT_INPUT.noteMax, 'The note'),
});
export type RecipientInstructionsBody = z.input<typeof RecipientInstructionsBodySchema>;

/** The recipient's instructions for the dropoff, as the driver, the office and the recipient read them. */
export const RecipientInstructionsSchema = z.object({
  doorCode: z.string(),
  safePlace: z.string(),
  callOnArrival: z.boolean(),
  note: z.string(),
  updatedAt: IsoDateTimeSchema,
});
export type RecipientInstructions = z.infer<typeof RecipientInstructionsSchema>;

export const RecipientRatingBodySchema = z.object({
  stars: z
    .number({ error: 'Give 1 to 5 stars.' })
    .int('Give 1 to 5 stars.')
    .min(1, 'Give 1 to 5 stars.')
    .max(5, 'Give 1 to 5 stars.'),
  comment: text(RECIPIENT_INPUT.ratingCommentMax, 'The comment'),
});
export type RecipientRatingBody = z.input<typeof RecipientRatingBodySchema>;

export const RecipientRatingSchema = z.object({
  stars: z.number().int().min(1).max(5),
  comment: z.string(),
  createdAt: IsoDateTimeSchema,
});
export type RecipientRating = z.infer<typeof RecipientRatingSchema>;

/** What the recipient told the company about a delivery, for its page: each null until given. */
export const DeliveryRecipientInputSchema = z.object({
  instructions: RecipientInstructionsSchema.nullable(),
  rating: RecipientRatingSchema.nullable(),
});
export type DeliveryRecipientInput = z.infer<typeof DeliveryRecipientInputSchema>;
