import { directoryCalls, type AddressInput } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notifications';
import { directoryKeys } from './keys';

/** POST address, or PUT address/:uuid. */
export const saveAddress = (slug: string, body: AddressInput, addressUuid?: string) =>
  addressUuid
    ? callApi(directoryCalls.updateAddress, { params: { companySlug: slug, addressUuid }, body })
    : callApi(directoryCalls.createAddress, { params: { companySlug: slug }, body });

export function useSaveAddress(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, addressUuid }: { body: AddressInput; addressUuid?: string | undefined }) =>
      saveAddress(slug, body, addressUuid),
    onSuccess: (address) => {
      void queryClient.invalidateQueries({ queryKey: directoryKeys.addresses(slug) });
      notifySuccess('Address Saved', `${address.label ?? address.line1} has been saved.`);
    },
  });
}
