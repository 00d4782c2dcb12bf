/**
 * The dispatch board's query keys that other features refresh (issue 35): the live stream's route and delivery events
 * make every board of the company read again.
 */
export const dispatchBoardKeys = {
  all: (slug: string) => ['dispatch', slug] as const,
  boards: (slug: string) => [...dispatchBoardKeys.all(slug), 'board'] as const,
};
