import { planningCalls, type BoardChangeBody } from '@courier/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { dispatchKeys } from './keys';

/**
 * POST admin/dispatch/preview: what a change would do (times, lateness, load, figures before and after), nothing
 * saved. Silent: the board shows a refusal (422 field errors, 404, 409) beside the routes it is about.
 */
export const previewBoardChange = (slug: string, body: BoardChangeBody, signal?: AbortSignal) =>
  callApi(planningCalls.previewBoardChange, { params: { companySlug: slug }, body, signal, silent: true });

/** The preview of a change (debounced by the caller); none without one. The last one stays while the next loads. */
export function useBoardPreview(slug: string, body: BoardChangeBody | null) {
  return useQuery({
    queryKey: dispatchKeys.preview(slug, body),
    queryFn: ({ signal }) => previewBoardChange(slug, body!, signal),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 30_000,
    refetchOnWindowFocus: false,
  });
}
