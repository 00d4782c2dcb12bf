import { passwordResetCalls, type PasswordResetBody } from '@courier/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** POST /password/reset: an expired or used link is a 422 on `token`. Silent: the form shows every failure itself. */
export const resetPassword = (body: PasswordResetBody) =>
  callApi(passwordResetCalls.resetPassword, { body, silent: true });

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
