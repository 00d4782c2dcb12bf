import { sessionCalls, type UpdateEmailBody } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notifications';
import { meQueryKey } from '../../../lib/session/query-keys';

/** POST /me/email; a 409 means another account has the address. */
export const updateEmail = (body: UpdateEmailBody) => callApi(sessionCalls.updateEmail, { body });

export function useUpdateEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmail,
    onSuccess: (user) => {
      queryClient.setQueryData(meQueryKey, user);
      notifySuccess('E-mail Changed', 'E-mail Changed Successfully');
    },
  });
}
