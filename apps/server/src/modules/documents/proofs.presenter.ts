import {
  buildPath,
  DRIVER_PROOF_FILE_PATH,
  PROOF_FILE_PATH,
  type GroupedProofs,
  type TaskProof,
} from '@courier/contract';
import { iso } from '../../lib/dates.js';
import type { ProofRow } from './proofs.queries.js';

/** Where the viewer downloads a proof: through their company's path, or a driver's own path (`companySlug` null). */
const fileUrl = (companySlug: string | null, documentUuid: string) =>
  `/api/v1${companySlug === null ? buildPath(DRIVER_PROOF_FILE_PATH, { documentUuid }) : buildPath(PROOF_FILE_PATH, { companySlug, documentUuid })}`;

export function presentProof(row: ProofRow, companySlug: string | null): TaskProof {
  return {
    uuid: row.id,
    deliveryUuid: row.deliveryId,
    deliveryStepUuid: row.stepId,
    deliveryStepTaskUuid: row.taskId,
    proofName: row.proofName,
    deliveryStepTaskProofTypeSlug: row.proofTypeSlug,
    url: fileUrl(companySlug, row.id),
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
export function groupProofs(rows: ProofRow[], companySlug: string | null): GroupedProofs {
  const grouped: GroupedProofs = {};
  for (const row of rows) {
    const steps = (grouped[row.deliveryId] ??= {});
    const tasks = (steps[row.stepId] ??= {});
    (tasks[row.taskId] ??= []).push(presentProof(row, companySlug));
  }
  return grouped;
}
