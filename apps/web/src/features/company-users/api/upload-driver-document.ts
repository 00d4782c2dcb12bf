import { driverCalls, type DRIVER_DOCUMENT_TYPES } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifySuccess } from '../../../lib/notifications';
import { uploadFile } from '../../../lib/upload';
import { companyUserKeys } from '../../../lib/company-user-keys';

export interface DriverDocumentUpload {
  documentTypeSlug: (typeof DRIVER_DOCUMENT_TYPES)[number];
  /** ISO datetime, or null when the document has no expiry. */
  expiresAt: string | null;
  file: File;
}

/** POST driver/:uuid/document (multipart): the text fields first, then the file, as the server reads them. */
export function uploadDriverDocument(
  slug: string,
  driverUserUuid: string,
  { documentTypeSlug, expiresAt, file }: DriverDocumentUpload,
  onProgress?: (fraction: number) => void,
) {
  const fields: [string, string | Blob][] = [['documentTypeSlug', documentTypeSlug]];
  if (expiresAt) fields.push(['expiresAt', expiresAt]);
  fields.push(['file', file]);
  return uploadFile(driverCalls.uploadDriverDocument, {
    params: { companySlug: slug, driverUserUuid },
    fields,
    onProgress,
  });
}

export function useUploadDriverDocument(
  slug: string,
  driverUserUuid: string,
  onProgress: (f: number) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: DriverDocumentUpload) =>
      uploadDriverDocument(slug, driverUserUuid, upload, onProgress),
    onSuccess: (_, { file }) => {
      void queryClient.invalidateQueries({ queryKey: companyUserKeys.all(slug) });
      notifySuccess('Document Uploaded', `${file.name} has been added to the driver's documents.`);
    },
  });
}
