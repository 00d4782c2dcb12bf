import { proofCalls } from '@courier/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { deliveryKeys } from '../../../lib/delivery-keys';
import { notifySuccess } from '../../../lib/notifications';
import { proofUploadFields, type ProofUpload } from '../../../lib/proof-file';
import { uploadFile } from '../../../lib/upload';

/** GET delivery/step/task/doc: a delivery's proofs, grouped by delivery, step and task. */
export const listProofs = (slug: string, deliveryUuid: string, signal?: AbortSignal) =>
  callApi(proofCalls.listProofs, {
    params: { companySlug: slug },
    query: { deliveryUuid },
    signal,
    silent: true,
  });

export const proofsQueryOptions = (slug: string, deliveryUuid: string) =>
  queryOptions({
    queryKey: deliveryKeys.part(slug, deliveryUuid, 'proofs'),
    queryFn: ({ signal }) => listProofs(slug, deliveryUuid, signal),
  });

export function useProofs(slug: string, deliveryUuid: string) {
  return useQuery(proofsQueryOptions(slug, deliveryUuid));
}

export type { ProofUpload };

/** POST delivery/:uuid/doc/step/task/proof (multipart): the text fields first, the file last. */
export function uploadProof(
  slug: string,
  deliveryUuid: string,
  upload: ProofUpload,
  onProgress?: (fraction: number) => void,
) {
  return uploadFile(proofCalls.uploadProof, {
    params: { companySlug: slug, deliveryUuid },
    fields: proofUploadFields(upload),
    onProgress,
    // The form shows a refused file (413, 422) on its field; other failures notify as usual.
    silent: true,
  });
}

/** Spec section 4 "After actions": uploading a proof refetches deliveries, statuses and documents. */
export function useUploadProof(slug: string, deliveryUuid: string, onProgress: (f: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: ProofUpload) => uploadProof(slug, deliveryUuid, upload, onProgress),
    onSuccess: (proof) => {
      void queryClient.invalidateQueries({ queryKey: deliveryKeys.all(slug) });
      notifySuccess('Proof Uploaded', `${proof.document.originalName} has been added to the delivery.`);
    },
  });
}
