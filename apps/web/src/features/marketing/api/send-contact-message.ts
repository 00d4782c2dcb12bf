import { contactCalls, type ContactMessageBody } from '@courier/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** POST /contact (public, rate limited): the form shows its own errors, so the call is silent. */
export function useSendContactMessage() {
  return useMutation({
    mutationFn: (body: ContactMessageBody) =>
      callApi(contactCalls.sendContactMessage, { body, silent: true }),
  });
}
