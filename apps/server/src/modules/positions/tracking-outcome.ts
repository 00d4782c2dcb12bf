import { HANDOVER_PIN, RATEABLE_STATUSES, type PublicProof, type PublicTracking } from '@courier/contract';
import { iso } from '../../lib/dates.js';

/**
 * How a delivery ended, as its recipient reads it (issue 36): when it was delivered with the proofs of that attempt,
 * or why an attempt failed and what happens next. Pure: the service reads the rows.
 */

interface TimelineEntry {
  status: string;
  at: Date;
  message: string | null;
}

/** The proof types the recipient may be told of: a photo or signature to show, a handover code to name. */
export const RECIPIENT_PROOF_TYPES: readonly string[] = ['photo', 'signature', HANDOVER_PIN.proofTypeSlug];

/** The names a proof gets when its taker wrote none (proofs.service.ts): not a note of the driver's. */
const UNWRITTEN_NAMES = new Set(['Photo', 'Signature']);

const lastOf = (timeline: readonly TimelineEntry[], status: string) =>
  timeline.findLast((t) => t.status === status);

/**
 * When the last failed attempt was: proofs before it belong to that attempt (a photo of the closed door), not to the
 * one that delivered.
 */
export const lastFailureAt = (timeline: readonly TimelineEntry[]): Date | null =>
  lastOf(timeline, 'failed')?.at ?? null;

interface ProofRow {
  id: string;
  proofTypeSlug: string;
  proofName: string;
  createdAt: Date;
  file: { mimeType: string };
}

/** A proof the page shows as a picture: a photo or a signature whose file is an image. */
export function pictureOf(row: ProofRow): PublicProof | null {
  if (row.proofTypeSlug !== 'photo' && row.proofTypeSlug !== 'signature') return null;
  if (!row.file.mimeType.startsWith('image/')) return null;
  const note = row.proofName.trim();
  return {
    uuid: row.id,
    kind: row.proofTypeSlug,
    note: note && !UNWRITTEN_NAMES.has(note) ? note : null,
    at: iso(row.createdAt),
  };
}

/** Once delivered (or completed): when, the pictures of that attempt, a handover code given, the safe place asked. */
export function presentDelivered(opts: {
  status: string;
  statusChangedAt: Date;
  timeline: readonly TimelineEntry[];
  proofs: readonly ProofRow[];
  safePlace: string | null;
}): PublicTracking['delivered'] {
  if (!RATEABLE_STATUSES.includes(opts.status)) return null;
  return {
    at: iso(lastOf(opts.timeline, 'delivered')?.at ?? opts.statusChangedAt),
    proofs: opts.proofs.flatMap((p) => pictureOf(p) ?? []),
    handedOverWithCode: opts.proofs.some((p) => p.proofTypeSlug === HANDOVER_PIN.proofTypeSlug),
    safePlace: opts.safePlace || null,
  };
}

/**
 * After a failed attempt, while failed (the company gets in touch; re-planned, it is tried again) or returned (back
 * to the sender): when, and the failed status's message as the reason.
 */
export function presentFailure(
  status: string,
  timeline: readonly TimelineEntry[],
): PublicTracking['failure'] {
  if (status !== 'failed' && status !== 'returned') return null;
  const failed = lastOf(timeline, 'failed');
  if (!failed) return null;
  return {
    at: iso(failed.at),
    reason: failed.message?.trim() || null,
    next: status === 'failed' ? 'in-touch' : 'returning',
  };
}
