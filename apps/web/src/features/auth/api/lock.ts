import { lockCalls, sessionCalls, type UnlockBody } from '@courier/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { callApi } from '../../../lib/api-client';
import { resetClientState } from '../../../lib/session/reset-client-state';

const lockKey = ['session-lock'] as const;

/** GET /me/lock: who is signed in and whether the session is locked (answers while locked; 401 without a session). */
export function useLockState() {
  return useQuery({
    queryKey: lockKey,
    // A 401 is the answer "no session": the lock screen sends it to the sign-in screen itself.
    queryFn: ({ signal }) => callApi(lockCalls.getLock, { signal, silent: true, sessionCheck: false }),
    retry: false,
  });
}

/** POST /me/lock: the server answers 423 to every other call of this session until it is unlocked. */
export function useLockSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(lockCalls.lockSession, { silent: true }),
    onSuccess: (state) => queryClient.setQueryData(lockKey, state),
  });
}

/** POST /me/unlock with the password (422 on `password` when it is wrong). */
export function useUnlockSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UnlockBody) => callApi(lockCalls.unlockSession, { body, silent: true }),
    onSuccess: (state) => {
      queryClient.setQueryData(lockKey, state);
      // What was refused while locked is asked again.
      void queryClient.invalidateQueries();
    },
  });
}

/** "Sign in as someone else": signing out answers on a locked session; then the sign-in screen, state cleared. */
export function useLeaveLockedSession() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => callApi(sessionCalls.logout, { silent: true, sessionCheck: false }),
    onSettled: async () => {
      await navigate('/login', { replace: true });
      resetClientState();
    },
  });
}
