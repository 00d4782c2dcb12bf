import type { BoardChangeBody } from '@courier/contract';
import { dispatchBoardKeys } from '../../../lib/dispatch-keys';

/**
 * Query keys of the dispatch board (issue 35), under the company: `all` refreshes the boards, previews and plans;
 * `boards` is what the live stream refreshes (lib/dispatch-keys.ts).
 */
export const dispatchKeys = {
  ...dispatchBoardKeys,
  /** `day` null: the company's today. */
  board: (slug: string, day: string | null) => [...dispatchBoardKeys.boards(slug), day ?? 'today'] as const,
  preview: (slug: string, body: BoardChangeBody | null) =>
    [...dispatchBoardKeys.all(slug), 'preview', body] as const,
  plan: (slug: string, planUuid: string) => [...dispatchBoardKeys.all(slug), 'plan', planUuid] as const,
  /** The directory's addresses as a search finds them, for the working day's places. */
  places: (slug: string, search: string) => [...dispatchBoardKeys.all(slug), 'places', search] as const,
};
