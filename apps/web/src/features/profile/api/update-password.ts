import { sessionCalls, type UpdatePasswordBody } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notifications';
import { meQueryKey } from '../../../lib/session/query-keys';

/** POST /me/password; a wrong current password is a 422 on `currentPassword`. */
export const updatePassword = (body: UpdatePasswordBody) => callApi(sessionCalls.updatePassword, { body });

export function useUpdatePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePassword,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
      notifySuccess('Password Changed', 'Password Changed Successfully');
    },
  });
}
