import { passwordResetCalls, type PasswordResetBody } from '@courier/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** POST /password/reset: an expired or used link is a 422 on `token`. */
export const resetPassword = (body: PasswordResetBody) => callApi(passwordResetCalls.resetPassword, { body });

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
