import { emailChangeCalls, type EmailChangeTokenBody } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { meRootKey } from '../../../lib/session/query-keys';

/** POST /email/change/confirm: a dead link is a 422 on `token`. Silent: the screen says what happened. */
export const confirmEmailChange = (body: EmailChangeTokenBody) =>
  callApi(emailChangeCalls.confirmEmailChange, { body, silent: true });

export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailChange,
    // A signed-in user's address and its pending change are read again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meRootKey }),
  });
}
