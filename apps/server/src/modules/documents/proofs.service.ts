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
import { recordDeliveryEvent } from '../live/index.js';
import { sendStoredFile, transactionWithUploads, type StoreInTx } from './files.service.js';
import { presentProof } from './proofs.presenter.js';
import { deliveryIdOfProof, findProofRow, findTaskOfDelivery, type ProofRow } from './proofs.queries.js';
import { personOf } from '../../access/actor.js';

const DEFAULT_NAMES: Record<ProofTypeSlug, string> = {
  signature: 'Signature',
  photo: 'Photo',
  document: 'Document',
};

/** The task of the locked delivery a proof is for: 422 on `deliveryStepTaskUuid` when it is not the delivery's. */
export async function requireTaskOfDelivery(tx: DbOrTx, locked: DeliveryAccess, taskUuid: string) {
  const task = await findTaskOfDelivery(tx, locked, taskUuid);
  if (!task) throw unprocessable({ deliveryStepTaskUuid: ['Choose a task of this delivery.'] });
  return task;
}

/**
 * Stores a proof's file through `store` (inside `transactionWithUploads`) and records it on a task of the locked
 * delivery; answers the proof's id. The file is kept for the company that owns the delivery, whoever took it.
 */
export async function attachProof(
  tx: DbOrTx,
  store: StoreInTx,
  locked: DeliveryAccess,
  opts: {
    task: { taskId: string; stepId: string };
    upload: Upload;
    allowed: readonly string[];
    proofTypeSlug: string;
    documentTypeSlug: string;
    proofName: string;
  },
): Promise<string> {
  const userId = personOf(locked.actor);
  const stored = await store(tx, {
    companyId: locked.delivery.ownerCompanyId,
    userId,
    upload: opts.upload,
    allowed: opts.allowed,
  });
  const [row] = await tx
    .insert(deliveryStepTaskProofs)
    .values({
      deliveryId: locked.deliveryId,
      stepId: opts.task.stepId,
      taskId: opts.task.taskId,
      fileId: stored.file.id,
      proofTypeSlug: opts.proofTypeSlug,
      documentTypeSlug: opts.documentTypeSlug,
      proofName: opts.proofName,
      createdByUserId: userId,
    })
    .returning({ id: deliveryStepTaskProofs.id, createdAt: deliveryStepTaskProofs.createdAt });
  await recordDeliveryEvent(tx, locked.deliveryId, {
    type: 'delivery.proof',
    data: {
      deliveryUuid: locked.deliveryId,
      documentUuid: row!.id,
      taskUuid: opts.task.taskId,
      proofTypeSlug: opts.proofTypeSlug,
      at: row!.createdAt.toISOString(),
    },
    actorUserId: userId,
  });
  return row!.id;
}

/**
 * Attaches an uploaded proof to a step task of a delivery, in one transaction: the bytes are checked and written,
 * the file and the proof recorded; if anything fails the bytes are removed again and nothing is recorded.
 */
export async function addProof(db: Db, storage: FileStorage, access: DeliveryAccess, upload: Upload) {
  const fields = parseUploadFields(upload, ProofUploadFieldsSchema);
  return transactionWithUploads(db, storage, async (tx, store) => {
    const locked = await lockDelivery(tx, access);
    const task = await requireTaskOfDelivery(tx, locked, fields.deliveryStepTaskUuid);
    return attachProof(tx, store, locked, {
      task,
      upload,
      allowed: PROOF_MIME_TYPES,
      proofTypeSlug: fields.proofTypeSlug,
      documentTypeSlug: PROOF_DOCUMENT_TYPES[fields.proofTypeSlug],
      proofName: fields.proofName || DEFAULT_NAMES[fields.proofTypeSlug],
    });
  });
}

/** A proof as its uploader sees it: download paths through their company (`companySlug`), or the driver's (`null`). */
export async function presentedProof(
  db: DbOrTx,
  access: DeliveryAccess,
  id: string,
  companySlug: string | null,
): Promise<TaskProof> {
  return presentProof((await findProofRow(db, access, id))!, companySlug);
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
  return presentedProof(db, access, id, opts.companySlug);
}

/** A delivery's proofs (a `proofsJson` column) as its documents, with download paths through the viewer's company. */
export function documentsFromJson(text: string, companySlug: string): Document[] {
  type JsonProof = Omit<ProofRow, 'createdAt' | 'file'> & {
    createdAt: string;
    file: Omit<ProofRow['file'], 'createdAt'> & { createdAt: string };
  };
  return (JSON.parse(text) as JsonProof[]).map(
    (p) =>
      presentProof(
        {
          ...p,
          createdAt: new Date(p.createdAt),
          file: { ...p.file, createdAt: new Date(p.file.createdAt) },
        },
        companySlug,
      ).document,
  );
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
