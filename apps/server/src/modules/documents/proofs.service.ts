import {
  PROOF_DOCUMENT_TYPES,
  PROOF_MIME_TYPES,
  ProofUploadFieldsSchema,
  type Actor,
  type ProofTypeSlug,
} from '@courier/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import { deliveryStepTaskProofs } from '../../db/schema/index.js';
import { notFound, unprocessable } from '../../lib/app-error.js';
import type { FileStorage } from '../../lib/storage/storage.js';
import { parseUploadFields, type Upload } from '../../lib/storage/upload.js';
import { deliveryAccess, lockDelivery, type DeliveryAccess } from '../../access/delivery-access.js';
import { transactionWithUploads } from './files.service.js';
import { deliveryIdOfProof, findProofRow, findTaskOfDelivery } from './proofs.queries.js';

const DEFAULT_NAMES: Record<ProofTypeSlug, string> = {
  signature: 'Signature',
  photo: 'Photo',
  document: 'Document',
};

/**
 * Attaches an uploaded proof to a step task of a delivery, in one transaction: the bytes are checked and written,
 * the file and the proof recorded; if anything fails the bytes are removed again and nothing is recorded.
 */
export async function addProof(db: Db, storage: FileStorage, access: DeliveryAccess, upload: Upload) {
  const fields = parseUploadFields(upload, ProofUploadFieldsSchema);
  const userId = access.actor.userId;
  return transactionWithUploads(db, storage, async (tx, store) => {
    const locked = await lockDelivery(tx, access);
    const task = await findTaskOfDelivery(tx, locked, fields.deliveryStepTaskUuid);
    if (!task) throw unprocessable({ deliveryStepTaskUuid: ['Choose a task of this delivery.'] });
    const stored = await store(tx, {
      // The file is kept for the company that owns the delivery, whoever took the proof.
      companyId: locked.delivery.ownerCompanyId,
      userId,
      upload,
      allowed: PROOF_MIME_TYPES,
    });
    const [row] = await tx
      .insert(deliveryStepTaskProofs)
      .values({
        deliveryId: locked.deliveryId,
        stepId: task.stepId,
        taskId: task.taskId,
        fileId: stored.file.id,
        proofTypeSlug: fields.proofTypeSlug,
        documentTypeSlug: PROOF_DOCUMENT_TYPES[fields.proofTypeSlug],
        proofName: fields.proofName || DEFAULT_NAMES[fields.proofTypeSlug],
        createdByUserId: userId,
      })
      .returning({ id: deliveryStepTaskProofs.id });
    return row!.id;
  });
}

/** A proof's row when the actor may read its delivery; 404 otherwise, whether the proof or the delivery is hidden. */
export async function proofFileFor(db: DbOrTx, actor: Actor, documentUuid: string) {
  const deliveryId = await deliveryIdOfProof(db, documentUuid);
  if (!deliveryId) throw notFound('Document');
  const access = await deliveryAccess(db, actor, 'read', deliveryId).catch(() => {
    throw notFound('Document');
  });
  const proof = await findProofRow(db, access, documentUuid);
  if (!proof) throw notFound('Document');
  return proof;
}
