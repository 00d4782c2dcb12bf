import { apiKeyCalls, type CreateApiKeyBody } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { apiKeyKeys } from './keys';

/** POST api-key (201): the answer carries the key's whole secret, this once. */
export const createApiKey = (slug: string, body: CreateApiKeyBody) =>
  callApi(apiKeyCalls.createApiKey, { params: { companySlug: slug }, body });

/** The secret stays with the caller (the dialog that shows it), never in the query cache: the list refetches. */
export function useCreateApiKey(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyBody) => createApiKey(slug, body),
    // The answer holds the secret: nothing keeps it once the dialog has it.
    gcTime: 0,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all(slug) }),
  });
}
