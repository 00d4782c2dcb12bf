import { passwordResetCalls, type PasswordResetRequestBody } from '@courier/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** POST /password/forgot: the same answer whether or not an account uses the address (decision 027). */
export const requestPasswordReset = (body: PasswordResetRequestBody) =>
  callApi(passwordResetCalls.requestPasswordReset, { body });

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
