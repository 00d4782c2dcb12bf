import { directoryCalls, type DirectoryAddress } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notifications';
import { directoryKeys } from './keys';

export const deleteAddress = (slug: string, addressUuid: string) =>
  callApi(directoryCalls.deleteAddress, { params: { companySlug: slug, addressUuid } });

export function useDeleteAddress(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (address: Pick<DirectoryAddress, 'uuid' | 'label' | 'line1'>) =>
      deleteAddress(slug, address.uuid),
    onSuccess: (_, address) => {
      void queryClient.invalidateQueries({ queryKey: directoryKeys.addresses(slug) });
      notifySuccess('Address Deleted', `${address.label ?? address.line1} has been deleted.`);
    },
  });
}
