import { directoryCalls, type Client } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notifications';
import { directoryKeys } from './keys';

export const deleteClient = (slug: string, clientUuid: string) =>
  callApi(directoryCalls.deleteClient, { params: { companySlug: slug, clientUuid } });

export function useDeleteClient(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (client: Pick<Client, 'uuid' | 'companyName'>) => deleteClient(slug, client.uuid),
    onSuccess: (_, client) => {
      void queryClient.invalidateQueries({ queryKey: directoryKeys.clients(slug) });
      notifySuccess('Client Deleted', `${client.companyName} has been deleted.`);
    },
  });
}
