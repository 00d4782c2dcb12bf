import { calendarCalls } from '@courier/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { calendarKeys } from './keys';

/** GET calendar/events?start&end: delivery windows and company events overlapping the visible range. */
export const listCalendarEvents = (slug: string, start: string, end: string, signal?: AbortSignal) =>
  callApi(calendarCalls.listEvents, {
    params: { companySlug: slug },
    query: { start, end },
    signal,
    silent: true,
  });

export const calendarEventsQueryOptions = (slug: string, range: { start: string; end: string } | null) =>
  queryOptions({
    queryKey: calendarKeys.range(slug, range?.start ?? '', range?.end ?? ''),
    queryFn: ({ signal }) => listCalendarEvents(slug, range?.start ?? '', range?.end ?? '', signal),
    enabled: range !== null,
    // Moving to the next week keeps the current events up until the new ones arrive.
    placeholderData: keepPreviousData,
  });

export function useCalendarEvents(slug: string, range: { start: string; end: string } | null) {
  return useQuery(calendarEventsQueryOptions(slug, range));
}
