import { directoryCalls, type ClientInput } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notifications';
import { directoryKeys } from './keys';

/** POST client, or PUT client/:uuid (its contacts are replaced by the list sent). */
export const saveClient = (slug: string, body: ClientInput, clientUuid?: string) =>
  clientUuid
    ? callApi(directoryCalls.updateClient, { params: { companySlug: slug, clientUuid }, body })
    : callApi(directoryCalls.createClient, { params: { companySlug: slug }, body });

export function useSaveClient(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, clientUuid }: { body: ClientInput; clientUuid?: string | undefined }) =>
      saveClient(slug, body, clientUuid),
    onSuccess: (client) => {
      void queryClient.invalidateQueries({ queryKey: directoryKeys.clients(slug) });
      notifySuccess('Client Saved', `${client.companyName} has been saved.`);
    },
  });
}
