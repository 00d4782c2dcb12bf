import { driverScopeCalls } from '@courier/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callApiPage } from '../../../lib/api-client';
import type { NotePage } from '../../../components/notes/note-pages';
import { driverKeys } from './keys';

export const MY_NOTES_PER_PAGE = 10;

/** GET /driver/delivery/:uuid/notes: one page of the delivery's notes in my company, newest first. */
export const listMyDeliveryNotes = (deliveryUuid: string, page: number, signal?: AbortSignal) =>
  callApiPage(driverScopeCalls.listMyDeliveryNotes, {
    params: { deliveryUuid },
    query: { page, per_page: MY_NOTES_PER_PAGE },
    signal,
    silent: true,
  });

export const myDeliveryNotesQueryOptions = (deliveryUuid: string) =>
  infiniteQueryOptions({
    queryKey: driverKeys.notes(deliveryUuid),
    queryFn: ({ pageParam, signal }): Promise<NotePage> =>
      listMyDeliveryNotes(deliveryUuid, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: NotePage) =>
      last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined,
  });

export function useMyDeliveryNotes(deliveryUuid: string) {
  return useInfiniteQuery(myDeliveryNotesQueryOptions(deliveryUuid));
}
