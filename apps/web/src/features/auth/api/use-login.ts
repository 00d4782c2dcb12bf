import type { LoginBody } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updatePersisted } from '../../../lib/persist-store';
import { meQueryKey } from '../../../lib/session/query-keys';

/** The sign-in's schema and call, loaded when first wanted (decision 045). */
export const loadSignInSubmit = () => import('./sign-in-submit');

/**
 * Spec section 4 "Login": a success stores the user, takes the current company from the user's default company,
 * then reloads user, addresses, roles and companies; a failure clears the user. The lock screen passes
 * `keepUserOnError`: a mistyped password there must not drop the still-valid session it is unlocking.
 */
export function useLogin({ keepUserOnError = false }: { keepUserOnError?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: LoginBody) => (await loadSignInSubmit()).login(body),
    onSuccess: async ({ user }) => (await loadSignInSubmit()).settleSignedIn(queryClient, user),
    onError: () => {
      if (keepUserOnError) return;
      queryClient.removeQueries({ queryKey: meQueryKey });
      updatePersisted({ isLoggedIn: false });
    },
  });
}
