import { emailChangeCalls, type EmailChangeTokenBody } from '@courier/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/**
 * POST /email/change/revert: cancels or undoes a change from the old address's link and signs everyone out. Silent:
 * the screen says what happened (a dead link is a 422 on `token`).
 */
export const revertEmailChange = (body: EmailChangeTokenBody) =>
  callApi(emailChangeCalls.revertEmailChange, { body, silent: true });

export function useRevertEmailChange() {
  return useMutation({ mutationFn: revertEmailChange });
}
