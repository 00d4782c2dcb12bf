import { deliveryCalls } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { deliveryKeys } from '../../../lib/delivery-keys';
import { notifySuccess } from '../../../lib/notifications';

export type AddedTaskKind = 'pickup' | 'dropoff';

const CALLS = { pickup: deliveryCalls.addPickupTask, dropoff: deliveryCalls.addDropoffTask } as const;
const TOASTS = {
  pickup: ['Pickup Task Added', 'New pickup task has been added to delivery step'],
  dropoff: ['Dropoff Task Added', 'New dropoff task has been added to delivery step'],
} as const;

/** POST delivery/:uuid/add-delivery-step-pickup or …-dropoff: one more task at the end of a step. */
export const addTaskToStep = (
  slug: string,
  deliveryUuid: string,
  kind: AddedTaskKind,
  deliveryStepUuid: string,
) => callApi(CALLS[kind], { params: { companySlug: slug, deliveryUuid }, body: { deliveryStepUuid } });

export function useAddTaskToStep(slug: string, deliveryUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, deliveryStepUuid }: { kind: AddedTaskKind; deliveryStepUuid: string }) =>
      addTaskToStep(slug, deliveryUuid, kind, deliveryStepUuid),
    onSuccess: (_task, { kind }) => {
      void queryClient.invalidateQueries({ queryKey: deliveryKeys.part(slug, deliveryUuid, 'tasks') });
      const [title, message] = TOASTS[kind];
      notifySuccess(title, message);
    },
  });
}
