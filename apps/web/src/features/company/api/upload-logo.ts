import { companyCalls } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifySuccess } from '../../../lib/notifications';
import { uploadFile } from '../../../lib/upload';
import { storeCompany } from './update-company';

/** POST company/logo (multipart `file`: PNG, JPEG or WebP). */
export const uploadLogo = (slug: string, file: File, onProgress?: (fraction: number) => void) =>
  uploadFile(companyCalls.uploadLogo, {
    params: { companySlug: slug },
    fields: [['file', file]],
    onProgress,
  });

export function useUploadLogo(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadLogo(slug, file),
    onSuccess: (company) => {
      storeCompany(queryClient, company);
      notifySuccess('Logo Updated', 'The new logo is shown on your company profile.');
    },
  });
}
