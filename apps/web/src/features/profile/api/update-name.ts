import { sessionCalls, type UpdateNameBody } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notifications';
import { meQueryKey } from '../../../lib/session/query-keys';

export const updateName = (body: UpdateNameBody) => callApi(sessionCalls.updateName, { body });

export function useUpdateName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateName,
    onSuccess: (user) => {
      queryClient.setQueryData(meQueryKey, user);
      notifySuccess('Name Changed', 'Name Changed Successfully');
    },
  });
}
