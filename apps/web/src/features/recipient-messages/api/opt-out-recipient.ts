import { recipientMessageCalls } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { recipientMessageKeys } from './keys';

/** POST recipient-messages/opt-out/:token: stops the company's messages to the link's address (again is harmless). */
export const optOutRecipient = (token: string) =>
  callApi(recipientMessageCalls.optOutRecipient, { params: { token }, silent: true, sessionCheck: false });

export function useOptOutRecipient(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => optOutRecipient(token),
    onSuccess: (answer) => queryClient.setQueryData(recipientMessageKeys.optOut(token), answer),
  });
}
