import { recipientMessageCalls, type UpdateRecipientMessageSettingsBody } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notifications';
import { recipientMessageKeys } from './keys';

/** PUT admin/recipient-messages: the whole settings at once (a 422 names the fields, `templates.2.smsBody`). */
export const updateRecipientMessageSettings = (slug: string, body: UpdateRecipientMessageSettingsBody) =>
  callApi(recipientMessageCalls.updateRecipientMessageSettings, {
    params: { companySlug: slug },
    body,
    // The form shows the failure itself: on its fields, or above its Save.
    silent: true,
  });

export function useUpdateRecipientMessageSettings(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateRecipientMessageSettingsBody) => updateRecipientMessageSettings(slug, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(recipientMessageKeys.settings(slug), saved);
      notifySuccess('Messages Saved', 'Recipients are told with these settings from now on.');
    },
  });
}
