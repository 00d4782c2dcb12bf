import { driverScopeCalls, type TaskProof } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { proofUploadFields, type ProofUpload } from '../../../lib/proof-file';
import { uploadFile } from '../../../lib/upload';
import { driverKeys } from './keys';

export type MyProofUpload = ProofUpload;

/**
 * POST /driver/delivery/:uuid/doc/step/task/proof (multipart, as the admin upload): text fields, then the file.
 * Sent from the write queue, which says what failed.
 */
export function uploadMyProof(
  deliveryUuid: string,
  upload: MyProofUpload,
  {
    idempotencyKey,
    onProgress,
    signal,
  }: { idempotencyKey?: string; onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
) {
  return uploadFile(driverScopeCalls.uploadMyProof, {
    params: { deliveryUuid },
    fields: proofUploadFields(upload),
    onProgress,
    idempotencyKey,
    signal,
    silent: true,
  });
}

/**
 * The proofs sent from this session, newest first. The driver calls have no list of a delivery's proofs, so the
 * screen shows what it sent; the admin's delivery detail shows them all.
 */
export const sentProofsQueryOptions = (deliveryUuid: string) =>
  queryOptions<TaskProof[]>({
    queryKey: driverKeys.sentProofs(deliveryUuid),
    queryFn: () => [],
    staleTime: Infinity,
    gcTime: Infinity,
  });

export function useSentProofs(deliveryUuid: string) {
  return useQuery(sentProofsQueryOptions(deliveryUuid));
}
