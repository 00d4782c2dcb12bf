import { driverScopeCalls, type TaskProof } from '@courier/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifySuccess } from '../../../lib/notifications';
import { proofUploadFields, type ProofUpload } from '../../../lib/proof-file';
import { uploadFile } from '../../../lib/upload';
import { driverKeys } from './keys';

export type MyProofUpload = ProofUpload;

/** POST /driver/delivery/:uuid/doc/step/task/proof (multipart, as the admin upload): text fields, then the file. */
export function uploadMyProof(
  deliveryUuid: string,
  upload: MyProofUpload,
  onProgress?: (fraction: number) => void,
) {
  return uploadFile(driverScopeCalls.uploadMyProof, {
    params: { deliveryUuid },
    fields: proofUploadFields(upload),
    onProgress,
    // The form shows a refused file (413, 422) on its field; other failures notify as usual.
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

export function useUploadMyProof(deliveryUuid: string, onProgress?: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: MyProofUpload) => uploadMyProof(deliveryUuid, upload, onProgress),
    onSuccess: (proof) => {
      queryClient.setQueryData(sentProofsQueryOptions(deliveryUuid).queryKey, (sent = []) => [
        proof,
        ...sent,
      ]);
      void queryClient.invalidateQueries({ queryKey: driverKeys.delivery(deliveryUuid), exact: true });
      notifySuccess('Proof Uploaded', `${proof.document.originalName} has been added to the delivery.`);
    },
  });
}
