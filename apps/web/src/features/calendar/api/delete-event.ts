import { calendarCalls, CALENDAR_TEXTS } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notifications';
import { calendarKeys } from './keys';

/** DELETE calendar/events/:uuid: a company event (delivery windows are not deleted here). */
export const deleteCalendarEvent = (slug: string, uuid: string) =>
  callApi(calendarCalls.deleteEvent, { params: { companySlug: slug, eventUuid: uuid } });

export function useDeleteCalendarEvent(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) => deleteCalendarEvent(slug, uuid),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: calendarKeys.all(slug) });
      notifySuccess('Calendar', CALENDAR_TEXTS.deleted);
    },
  });
}
