import { emailChangeCalls } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notifications';
import { emailChangeQueryKey } from './get-email-change';

/** DELETE /me/email/change: drops the change waiting; the sign-in e-mail stays as it is. */
export const cancelEmailChange = () => callApi(emailChangeCalls.cancelEmailChange);

export function useCancelEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelEmailChange,
    onSuccess: ({ message }) => {
      queryClient.setQueryData(emailChangeQueryKey, { pending: null });
      notifySuccess('Change Cancelled', message);
    },
  });
}
