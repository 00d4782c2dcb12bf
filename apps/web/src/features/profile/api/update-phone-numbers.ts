import { sessionCalls, type UpdatePhoneNumbersBody } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notifications';
import { meQueryKey } from '../../../lib/session/query-keys';

/** POST /me/phonenumber replaces the whole list. */
export const updatePhoneNumbers = (body: UpdatePhoneNumbersBody) =>
  callApi(sessionCalls.updatePhoneNumbers, { body });

export function useUpdatePhoneNumbers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePhoneNumbers,
    onSuccess: (user) => {
      queryClient.setQueryData(meQueryKey, user);
      notifySuccess('Phone Numbers Saved', 'Phone numbers saved successfully');
    },
  });
}
