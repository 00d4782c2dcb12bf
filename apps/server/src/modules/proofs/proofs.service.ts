import {
  PROOF_DOCUMENT_TYPES,
  PROOF_MIME_TYPES,
  ProofUploadFieldsSchema,
  type ProofTypeSlug,
} from '@courier/contract';
import type { Db } from '../../db/client.js';
import { deliveryStepTaskProofs } from '../../db/schema/index.js';
import { unprocessable } from '../../lib/app-error.js';
import type { FileStorage } from '../../lib/storage/storage.js';
import { parseUploadFields, type Upload } from '../../lib/storage/upload.js';
import { requireCallerDelivery } from '../deliveries/deliveries.access.js';
import { transactionWithUploads } from '../files/files.service.js';
import { findTaskOfDelivery } from './proofs.queries.js';

const DEFAULT_NAMES: Record<ProofTypeSlug, string> = {
  signature: 'Signature',
  photo: 'Photo',
  document: 'Document',
};

/**
 * Attaches an uploaded proof to a step task of a delivery, in one transaction: the bytes are checked and written,
 * the file and the proof recorded; if anything fails the bytes are removed again and nothing is recorded.
 */
export async function addProof(
  db: Db,
  storage: FileStorage,
  opts: { companyId: string; roles: readonly string[]; userId: string; deliveryId: string; upload: Upload },
) {
  const fields = parseUploadFields(opts.upload, ProofUploadFieldsSchema);
  return transactionWithUploads(db, storage, async (tx, store) => {
    await requireCallerDelivery(tx, opts);
    const task = await findTaskOfDelivery(tx, {
      deliveryId: opts.deliveryId,
      taskId: fields.deliveryStepTaskUuid,
    });
    if (!task) throw unprocessable({ deliveryStepTaskUuid: ['Choose a task of this delivery.'] });
    const stored = await store(tx, {
      companyId: opts.companyId,
      userId: opts.userId,
      upload: opts.upload,
      allowed: PROOF_MIME_TYPES,
    });
    const [row] = await tx
      .insert(deliveryStepTaskProofs)
      .values({
        deliveryId: opts.deliveryId,
        stepId: task.stepId,
        taskId: task.taskId,
        fileId: stored.file.id,
        proofTypeSlug: fields.proofTypeSlug,
        documentTypeSlug: PROOF_DOCUMENT_TYPES[fields.proofTypeSlug],
        proofName: fields.proofName || DEFAULT_NAMES[fields.proofTypeSlug],
        createdByUserId: opts.userId,
      })
      .returning({ id: deliveryStepTaskProofs.id });
    return row!.id;
  });
}
