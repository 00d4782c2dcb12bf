import { calendarCalls, CALENDAR_TEXTS, type RescheduleWindowBody } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { deliveryKeys } from '../../../lib/delivery-keys';
import { notifySuccess } from '../../../lib/notifications';
import { calendarKeys } from './keys';

/** PUT calendar/windows/:uuid: move or resize a delivery's schedule window (409 or 422 when it cannot be). */
export const rescheduleWindow = (slug: string, windowUuid: string, body: RescheduleWindowBody) =>
  callApi(calendarCalls.rescheduleWindow, {
    params: { companySlug: slug, windowUuid },
    body,
    silent: true,
  });

export function useRescheduleWindow(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ windowUuid, body }: { windowUuid: string; body: RescheduleWindowBody }) =>
      rescheduleWindow(slug, windowUuid, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: calendarKeys.all(slug) });
      // The delivery's detail and lists show its windows too.
      void queryClient.invalidateQueries({ queryKey: deliveryKeys.all(slug) });
      notifySuccess('Calendar', CALENDAR_TEXTS.rescheduled);
    },
  });
}
