import { passwordResetCalls, type PasswordResetRequestBody } from '@courier/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/**
 * POST /password/forgot: the same answer whether or not an account uses the address (decision 027). Silent: the
 * form shows every failure itself.
 */
export const requestPasswordReset = (body: PasswordResetRequestBody) =>
  callApi(passwordResetCalls.requestPasswordReset, { body, silent: true });

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
