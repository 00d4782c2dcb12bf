import { emailChangeRequestedMessage, sessionCalls, type UpdateEmailBody } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notifications';
import { meQueryKey } from '../../../lib/session/query-keys';
import { emailChangeQueryKey } from './get-email-change';

/**
 * POST /me/email (decision 056): asks for the change with the current password (a wrong one is a 422 on
 * `currentPassword`; a 409 means another account has the address). The answer is the user as they are: the address
 * changes once the new one confirms it.
 */
export const updateEmail = (body: UpdateEmailBody) => callApi(sessionCalls.updateEmail, { body });

export function useUpdateEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmail,
    onSuccess: (user, body) => {
      queryClient.setQueryData(meQueryKey, user);
      void queryClient.invalidateQueries({ queryKey: emailChangeQueryKey });
      notifySuccess('Confirmation Sent', emailChangeRequestedMessage(body.email));
    },
  });
}
