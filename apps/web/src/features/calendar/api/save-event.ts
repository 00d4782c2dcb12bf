import { calendarCalls, CALENDAR_TEXTS, type CalendarEventBody } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notifications';
import { calendarKeys } from './keys';

/** POST calendar/events, or PUT calendar/events/:uuid when `uuid` is given (an edit, a move or a resize). */
export const saveCalendarEvent = (slug: string, body: CalendarEventBody, uuid?: string) =>
  uuid
    ? callApi(calendarCalls.updateEvent, {
        params: { companySlug: slug, eventUuid: uuid },
        body,
        silent: true,
      })
    : callApi(calendarCalls.createEvent, { params: { companySlug: slug }, body, silent: true });

/** The caller shows a refusal itself (on the form, or by moving the event back). */
export function useSaveCalendarEvent(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, uuid }: { body: CalendarEventBody; uuid?: string | undefined }) =>
      saveCalendarEvent(slug, body, uuid),
    onSuccess: (_, { uuid }) => {
      void queryClient.invalidateQueries({ queryKey: calendarKeys.all(slug) });
      notifySuccess('Calendar', uuid ? CALENDAR_TEXTS.updated : CALENDAR_TEXTS.created);
    },
  });
}
