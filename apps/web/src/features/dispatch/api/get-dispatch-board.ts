import { planningCalls } from '@courier/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { dispatchKeys } from './keys';

/** GET admin/dispatch?day=: the day's routes per driver with planned times, and the deliveries in no route. */
export const getDispatchBoard = (slug: string, day: string | null, signal?: AbortSignal) =>
  callApi(planningCalls.getDispatchBoard, {
    params: { companySlug: slug },
    query: { day: day ?? undefined },
    signal,
    silent: true,
  });

export const dispatchBoardQueryOptions = (slug: string, day: string | null) =>
  queryOptions({
    queryKey: dispatchKeys.board(slug, day),
    queryFn: ({ signal }) => getDispatchBoard(slug, day, signal),
  });

/**
 * The board of a day (null: today), read again when the live stream says a route or delivery moved. While the
 * dispatcher has unsaved changes (`frozen`) it is not read again behind their back: their arrangement is made of its
 * stops, and the save is checked against the day as it is then. Another day's board stays on screen while it loads.
 */
export function useDispatchBoard(slug: string, day: string | null, frozen: boolean) {
  return useQuery({
    ...dispatchBoardQueryOptions(slug, day),
    enabled: !frozen,
    placeholderData: keepPreviousData,
  });
}
