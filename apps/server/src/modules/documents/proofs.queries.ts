import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { DeliveryAccess } from '../../access/delivery-access.js';
import type { DbOrTx } from '../../db/client.js';
import {
  deliveryStepTaskProofs,
  deliverySteps,
  deliveryStepTasks,
  storedFiles,
} from '../../db/schema/index.js';
import { storedFileColumns } from './files.service.js';

export const proofColumns = {
  id: deliveryStepTaskProofs.id,
  deliveryId: deliveryStepTaskProofs.deliveryId,
  stepId: deliveryStepTaskProofs.stepId,
  taskId: deliveryStepTaskProofs.taskId,
  proofTypeSlug: deliveryStepTaskProofs.proofTypeSlug,
  documentTypeSlug: deliveryStepTaskProofs.documentTypeSlug,
  proofName: deliveryStepTaskProofs.proofName,
  isChecked: deliveryStepTaskProofs.isChecked,
  isValid: deliveryStepTaskProofs.isValid,
  createdByUserId: deliveryStepTaskProofs.createdByUserId,
  createdAt: deliveryStepTaskProofs.createdAt,
  file: storedFileColumns,
};

/** The step a task of this delivery sits in, or undefined when the task is not the delivery's. */
export async function findTaskOfDelivery(db: DbOrTx, { deliveryId }: DeliveryAccess, taskId: string) {
  const [row] = await db
    .select({ taskId: deliveryStepTasks.id, stepId: deliverySteps.id })
    .from(deliveryStepTasks)
    .innerJoin(deliverySteps, eq(deliverySteps.id, deliveryStepTasks.stepId))
    .where(and(eq(deliveryStepTasks.id, taskId), eq(deliverySteps.deliveryId, deliveryId)))
    .limit(1);
  return row;
}

export async function listProofRows(db: DbOrTx, { deliveryId }: DeliveryAccess) {
  return db
    .select(proofColumns)
    .from(deliveryStepTaskProofs)
    .innerJoin(storedFiles, eq(storedFiles.id, deliveryStepTaskProofs.fileId))
    .where(eq(deliveryStepTaskProofs.deliveryId, deliveryId))
    .orderBy(asc(deliveryStepTaskProofs.createdAt), asc(deliveryStepTaskProofs.id));
}
export type ProofRow = Awaited<ReturnType<typeof listProofRows>>[number];

/** The delivery a proof belongs to, for the policy to be asked about (the proof itself is read with the access). */
export async function deliveryIdOfProof(db: DbOrTx, proofId: string) {
  const [row] = await db
    .select({ deliveryId: deliveryStepTaskProofs.deliveryId })
    .from(deliveryStepTaskProofs)
    .where(eq(deliveryStepTaskProofs.id, proofId))
    .limit(1);
  return row?.deliveryId;
}

export async function findProofRow(db: DbOrTx, { deliveryId }: DeliveryAccess, proofId: string) {
  const [row] = await db
    .select(proofColumns)
    .from(deliveryStepTaskProofs)
    .innerJoin(storedFiles, eq(storedFiles.id, deliveryStepTaskProofs.fileId))
    .where(and(eq(deliveryStepTaskProofs.id, proofId), eq(deliveryStepTaskProofs.deliveryId, deliveryId)))
    .limit(1);
  return row;
}

/**
 * A delivery's proofs (oldest first) with their files, as one JSON column for a statement of another domain to
 * select (the delivery detail reads them in its own statement, decision 043). `deliveryId` is SQL of that statement.
 */
export function proofsJson(deliveryId: SQL) {
  return sql<string>`coalesce((select json_agg(json_build_object('id', p.id, 'deliveryId', p.delivery_id, 'stepId', p.step_id, 'taskId', p.task_id, 'proofTypeSlug', p.proof_type_slug, 'documentTypeSlug', p.document_type_slug, 'proofName', p.proof_name, 'isChecked', p.is_checked, 'isValid', p.is_valid, 'createdByUserId', p.created_by_user_id, 'createdAt', p.created_at, 'file', json_build_object('id', f.id, 'storageKey', f.storage_key, 'originalName', f.original_name, 'mimeType', f.mime_type, 'extension', f.extension, 'sizeBytes', f.size_bytes, 'createdAt', f.created_at)) order by p.created_at, p.id) from ${deliveryStepTaskProofs} p join ${storedFiles} f on f.id = p.file_id where p.delivery_id = ${deliveryId}), '[]')::text`;
}
