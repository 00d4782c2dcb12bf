import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  deliveries,
  deliveryStepTaskProofs,
  recipientInstructions,
  recipientRatings,
  storedFiles,
} from '../../db/schema/index.js';

/** The delivery a token names, locked for a write of its recipient (its status cannot move under the write). */
export async function lockTrackedDelivery(tx: DbOrTx, token: string) {
  const [row] = await tx
    .select({ id: deliveries.id, liveStatusSlug: deliveries.liveStatusSlug })
    .from(deliveries)
    .where(eq(deliveries.trackingToken, token))
    .limit(1)
    .for('update');
  return row;
}

export const instructionColumns = {
  doorCode: recipientInstructions.doorCode,
  safePlace: recipientInstructions.safePlace,
  callOnArrival: recipientInstructions.callOnArrival,
  note: recipientInstructions.note,
  updatedAt: recipientInstructions.updatedAt,
};

/** A delivery's instructions (one row: its dropoff's), the latest written when there were ever two. */
export async function findInstructions(db: DbOrTx, deliveryId: string) {
  const [row] = await db
    .select(instructionColumns)
    .from(recipientInstructions)
    .where(eq(recipientInstructions.deliveryId, deliveryId))
    .orderBy(desc(recipientInstructions.updatedAt))
    .limit(1);
  return row;
}

/** Writes the instructions of a stop again (one row per stop). */
export async function upsertInstructions(
  tx: DbOrTx,
  opts: {
    stepId: string;
    deliveryId: string;
    values: { doorCode: string; safePlace: string; callOnArrival: boolean; note: string };
  },
) {
  const [row] = await tx
    .insert(recipientInstructions)
    .values({ stepId: opts.stepId, deliveryId: opts.deliveryId, ...opts.values })
    .onConflictDoUpdate({
      target: recipientInstructions.stepId,
      set: { ...opts.values, updatedAt: sql`now()` },
    })
    .returning(instructionColumns);
  return row!;
}

const ratingColumns = {
  stars: recipientRatings.stars,
  comment: recipientRatings.comment,
  createdAt: recipientRatings.createdAt,
};

export async function findRating(db: DbOrTx, deliveryId: string) {
  const [row] = await db
    .select(ratingColumns)
    .from(recipientRatings)
    .where(eq(recipientRatings.deliveryId, deliveryId))
    .limit(1);
  return row;
}

/** The rating, or undefined when the delivery has one already (the first stands). */
export async function insertRating(tx: DbOrTx, opts: { deliveryId: string; stars: number; comment: string }) {
  const [row] = await tx
    .insert(recipientRatings)
    .values(opts)
    .onConflictDoNothing({ target: recipientRatings.deliveryId })
    .returning(ratingColumns);
  return row;
}

/**
 * The proofs on a stop's tasks taken after `since` (the last failed attempt, when there was one), oldest first, with
 * their files: what the recipient may be shown of the attempt that delivered.
 */
export async function listStepProofs(
  db: DbOrTx,
  opts: { deliveryId: string; stepId: string; since: Date | null; types: readonly string[] },
) {
  return db
    .select({
      id: deliveryStepTaskProofs.id,
      proofTypeSlug: deliveryStepTaskProofs.proofTypeSlug,
      proofName: deliveryStepTaskProofs.proofName,
      createdAt: deliveryStepTaskProofs.createdAt,
      file: {
        storageKey: storedFiles.storageKey,
        originalName: storedFiles.originalName,
        mimeType: storedFiles.mimeType,
        sizeBytes: storedFiles.sizeBytes,
      },
    })
    .from(deliveryStepTaskProofs)
    .innerJoin(storedFiles, eq(storedFiles.id, deliveryStepTaskProofs.fileId))
    .where(
      and(
        eq(deliveryStepTaskProofs.deliveryId, opts.deliveryId),
        eq(deliveryStepTaskProofs.stepId, opts.stepId),
        eq(deliveryStepTaskProofs.isValid, true),
        inArray(deliveryStepTaskProofs.proofTypeSlug, [...opts.types]),
        opts.since ? gt(deliveryStepTaskProofs.createdAt, opts.since) : undefined,
      ),
    )
    .orderBy(asc(deliveryStepTaskProofs.createdAt), asc(deliveryStepTaskProofs.id));
}
export type StepProofRow = Awaited<ReturnType<typeof listStepProofs>>[number];
