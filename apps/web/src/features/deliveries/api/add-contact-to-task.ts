import { deliveryCalls, type ContactInput } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { deliveryKeys } from '../../../lib/delivery-keys';
import { notifySuccess } from '../../../lib/notifications';

export interface AddContactToTaskBody {
  deliveryStepTaskUuid: string;
  contact: ContactInput;
}

/** POST delivery/:uuid/add-contact-to-step-task: a contact person for one task. */
export const addContactToTask = (slug: string, deliveryUuid: string, body: AddContactToTaskBody) =>
  callApi(deliveryCalls.addContactToTask, { params: { companySlug: slug, deliveryUuid }, body });

export function useAddContactToTask(slug: string, deliveryUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddContactToTaskBody) => addContactToTask(slug, deliveryUuid, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: deliveryKeys.part(slug, deliveryUuid, 'contacts') });
      notifySuccess(
        'Contact Added to Task',
        'Contact person has been successfully associated with the task.',
      );
    },
  });
}
