import { buildPath, PROOF_FILE_PATH, type GroupedProofs, type TaskProof } from '@courier/contract';
import { iso } from '../../lib/dates.js';
import type { ProofRow } from './proofs.queries.js';

export function presentProof(row: ProofRow, companySlug: string): TaskProof {
  return {
    uuid: row.id,
    deliveryUuid: row.deliveryId,
    deliveryStepUuid: row.stepId,
    deliveryStepTaskUuid: row.taskId,
    proofName: row.proofName,
    deliveryStepTaskProofTypeSlug: row.proofTypeSlug,
    url: `/api/v1${buildPath(PROOF_FILE_PATH, { companySlug, documentUuid: row.id })}`,
    createdByUserUuid: row.createdByUserId,
    document: {
      uuid: row.id,
      createdAt: iso(row.createdAt),
      isChecked: row.isChecked,
      isValid: row.isValid,
      documentTypeSlug: row.documentTypeSlug,
      sizeBytes: row.file.sizeBytes,
      originalName: row.file.originalName,
      mimeType: row.file.mimeType,
      extension: row.file.extension,
    },
  };
}

/** `grouped[deliveryUuid][stepUuid][taskUuid]` lists a task's proofs, oldest first. */
export function groupProofs(rows: ProofRow[], companySlug: string): GroupedProofs {
  const grouped: GroupedProofs = {};
  for (const row of rows) {
    const steps = (grouped[row.deliveryId] ??= {});
    const tasks = (steps[row.stepId] ??= {});
    (tasks[row.taskId] ??= []).push(presentProof(row, companySlug));
  }
  return grouped;
}
