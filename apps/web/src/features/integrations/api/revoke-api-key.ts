import { apiKeyCalls } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notifications';
import { apiKeyKeys } from './keys';

/** DELETE api-key/:uuid: the key's next call, on any server process, is refused. */
export const revokeApiKey = (slug: string, apiKeyUuid: string) =>
  callApi(apiKeyCalls.revokeApiKey, { params: { companySlug: slug, apiKeyUuid } });

export function useRevokeApiKey(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: { uuid: string; name: string }) => revokeApiKey(slug, key.uuid),
    onSuccess: (_, { name }) =>
      notifySuccess('API Key Revoked', `Calls with “${name}” are refused from now on.`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all(slug) }),
  });
}
