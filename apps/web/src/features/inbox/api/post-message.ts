import { inboxCalls, type InboxMessage } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { inboxKeys } from '../../../lib/inbox-keys';
import { uploadFile } from '../../../lib/upload';

/** Where a message goes: a conversation, or a delivery's thread (made by its first message). */
export type MessageTarget = { conversationUuid: string } | { deliveryUuid: string };

export interface NewMessage {
  body: string;
  files: File[];
}

/** POST …/messages: JSON for text alone, multipart (`body`, then the files) with attachments. */
function postMessage(slug: string, target: MessageTarget, message: NewMessage): Promise<InboxMessage> {
  const toDelivery = 'deliveryUuid' in target;
  // The calls declare no body schema (they take JSON or multipart, which the server reads itself), so the JSON body
  // is passed past callApi's typing; the server checks it with PostMessageBodySchema.
  if (message.files.length === 0) {
    return toDelivery
      ? callApi(inboxCalls.postDeliveryMessage, {
          params: { companySlug: slug, deliveryUuid: target.deliveryUuid },
          body: { body: message.body } as never,
          silent: true,
        })
      : callApi(inboxCalls.postMessage, {
          params: { companySlug: slug, conversationUuid: target.conversationUuid },
          body: { body: message.body } as never,
          silent: true,
        });
  }
  const fields: [string, string | Blob][] = [
    ['body', message.body],
    ...message.files.map((f): [string, Blob] => ['file', f]),
  ];
  return toDelivery
    ? uploadFile(inboxCalls.postDeliveryMessage, {
        params: { companySlug: slug, deliveryUuid: target.deliveryUuid },
        fields,
        silent: true,
      })
    : uploadFile(inboxCalls.postMessage, {
        params: { companySlug: slug, conversationUuid: target.conversationUuid },
        fields,
        silent: true,
      });
}

export function usePostMessage(slug: string, target: MessageTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: NewMessage) => postMessage(slug, target, message),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: inboxKeys.all(slug) }),
  });
}
