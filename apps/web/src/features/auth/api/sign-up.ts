import { signUpCalls, type SignUpBody } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { settleSignedIn } from './login';

/** POST /signup: 409 on a taken slug or e-mail and 422 carry field errors; silent, the form shows them. */
export const signUp = (body: SignUpBody) => callApi(signUpCalls.signUp, { body, silent: true });

/** A success signs the new admin in, as a sign-in does. */
export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: ({ user }) => settleSignedIn(queryClient, user),
  });
}
