import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  deliveryStepTaskProofs,
  deliverySteps,
  deliveryStepTasks,
  storedFiles,
} from '../../db/schema/index.js';
import { storedFileColumns } from '../files/files.service.js';

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
export async function findTaskOfDelivery(db: DbOrTx, opts: { deliveryId: string; taskId: string }) {
  const [row] = await db
    .select({ taskId: deliveryStepTasks.id, stepId: deliverySteps.id })
    .from(deliveryStepTasks)
    .innerJoin(deliverySteps, eq(deliverySteps.id, deliveryStepTasks.stepId))
    .where(and(eq(deliveryStepTasks.id, opts.taskId), eq(deliverySteps.deliveryId, opts.deliveryId)))
    .limit(1);
  return row;
}

export async function listProofRows(db: DbOrTx, deliveryId: string) {
  return db
    .select(proofColumns)
    .from(deliveryStepTaskProofs)
    .innerJoin(storedFiles, eq(storedFiles.id, deliveryStepTaskProofs.fileId))
    .where(eq(deliveryStepTaskProofs.deliveryId, deliveryId))
    .orderBy(asc(deliveryStepTaskProofs.createdAt), asc(deliveryStepTaskProofs.id));
}
export type ProofRow = Awaited<ReturnType<typeof listProofRows>>[number];

export async function findProofRow(db: DbOrTx, proofId: string) {
  const [row] = await db
    .select(proofColumns)
    .from(deliveryStepTaskProofs)
    .innerJoin(storedFiles, eq(storedFiles.id, deliveryStepTaskProofs.fileId))
    .where(eq(deliveryStepTaskProofs.id, proofId))
    .limit(1);
  return row;
}
