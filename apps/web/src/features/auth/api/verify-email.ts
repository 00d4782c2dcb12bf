import { signUpCalls, type VerifyEmailBody } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { meQueryKey } from '../../../lib/session/query-keys';

/** POST /email/verify: a dead link is a 422 on `token`. Silent: the screen says what happened. */
export const verifyEmail = (body: VerifyEmailBody) =>
  callApi(signUpCalls.verifyEmail, { body, silent: true });

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    // A signed-in user's checklist ticks "verify your e-mail" from /me.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
