import { sessionCalls } from '@courier/contract';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { callApi } from '../../../lib/api-client';
import { resetClientState } from '../../../lib/session/reset-client-state';
import { markSigningOut } from '../../../lib/session/signing-out';

/** POST /logout. Silent: whatever the server says (a 401 too: already signed out), the client signs out. */
export const logout = () => callApi(sessionCalls.logout, { silent: true, sessionCheck: false });

/**
 * Sign Out: the sign-out call, then to / and every cache and store back to its initial value. The state is
 * cleared after leaving the signed-in screens so none of them refetches into a 401 on the way out.
 */
export function useLogout() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onMutate: () => markSigningOut(true),
    onSettled: async () => {
      await navigate('/', { replace: true });
      resetClientState();
      markSigningOut(false);
    },
  });
}
