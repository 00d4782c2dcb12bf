import { signUpCalls } from '@courier/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../api-client';

/**
 * POST /me/email/verification: a new verification link for the signed-in user. Shared by the verification screen
 * and the dashboard's first steps, so it lives with the session rather than in either feature.
 */
export const resendEmailVerification = () => callApi(signUpCalls.resendEmailVerification, { silent: true });

export function useResendEmailVerification() {
  return useMutation({ mutationFn: resendEmailVerification });
}
