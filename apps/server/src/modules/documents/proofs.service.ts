import {
  PROOF_DOCUMENT_TYPES,
  PROOF_MIME_TYPES,
  ProofUploadFieldsSchema,
  type Actor,
  type Document,
  type ProofTypeSlug,
  type TaskProof,
} from '@courier/contract';
import type { FastifyReply } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.js';
import { deliveryStepTaskProofs } from '../../db/schema/index.js';
import { notFound, unprocessable } from '../../lib/app-error.js';
import type { FileStorage } from '../../lib/storage/storage.js';
import { parseUploadFields, type Upload } from '../../lib/storage/upload.js';
import { deliveryAccess, lockDelivery, type DeliveryAccess } from '../../access/delivery-access.js';
import { sendStoredFile, transactionWithUploads } from './files.service.js';
import { presentProof } from './proofs.presenter.js';
import { deliveryIdOfProof, findProofRow, findTaskOfDelivery, listProofRows } from './proofs.queries.js';

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

/**
 * Adds a proof (`addProof`) and answers it as the uploader sees it: download paths through their company
 * (`companySlug`), or the driver's own paths (`null`).
 */
export async function uploadProof(
  db: Db,
  storage: FileStorage,
  access: DeliveryAccess,
  opts: { upload: Upload; companySlug: string | null },
): Promise<TaskProof> {
  const id = await addProof(db, storage, access, opts.upload);
  return presentProof((await findProofRow(db, access, id))!, opts.companySlug);
}

/** A delivery's proofs as its documents, with download paths through the viewer's company. */
export async function listDeliveryDocuments(
  db: DbOrTx,
  access: DeliveryAccess,
  companySlug: string,
): Promise<Document[]> {
  const rows = await listProofRows(db, access);
  return rows.map((p) => presentProof(p, companySlug).document);
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

/** Sends a proof's file to an actor who may read its delivery; 404 otherwise. */
export async function sendProofFile(
  reply: FastifyReply,
  db: DbOrTx,
  storage: FileStorage,
  opts: { actor: Actor; documentUuid: string },
) {
  const proof = await proofFileFor(db, opts.actor, opts.documentUuid);
  return sendStoredFile(reply, storage, proof.file);
}
