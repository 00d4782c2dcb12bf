import { RATEABLE_STATUSES } from '@courier/contract';
import type { FastifyReply } from 'fastify';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { FileStorage } from '../../lib/storage/storage.js';
import { sendStoredFile } from '../documents/index.js';
import { listStepProofs } from './recipient-input.queries.js';
import { lastFailureAt, pictureOf } from './tracking-outcome.js';
import { findLastDropoff, findTrackedDelivery, listTimeline } from './tracking.queries.js';

const notFound = () => new AppError(404, 'not_found', 'Not found.');

/**
 * A proof's picture for the holder of the delivery's token (issue 36): only one the tracking answer lists (a photo
 * or a signature of the dropoff, taken at the attempt that delivered, once delivered). Anything else, another
 * delivery's document or a wrong token, is the same plain 404.
 */
export async function sendTrackingProof(
  reply: FastifyReply,
  db: DbOrTx,
  storage: FileStorage,
  opts: { token: string; documentUuid: string },
) {
  const delivery = await findTrackedDelivery(db, opts.token);
  if (!delivery || !RATEABLE_STATUSES.includes(delivery.liveStatusSlug)) throw notFound();
  const [timeline, dropoff] = await Promise.all([
    listTimeline(db, delivery.id),
    findLastDropoff(db, delivery.id),
  ]);
  if (!dropoff) throw notFound();
  const proofs = await listStepProofs(db, {
    deliveryId: delivery.id,
    stepId: dropoff.stepId,
    since: lastFailureAt(timeline),
    types: ['photo', 'signature'],
  });
  const proof = proofs.find((p) => p.id === opts.documentUuid && pictureOf(p));
  if (!proof) throw notFound();
  return sendStoredFile(reply, storage, proof.file);
}
