import { useMatches } from 'react-router';

/** What the router attaches to each screen's route (`handle`): its id in the route table and its title. */
export interface ScreenHandle {
  routeId: string;
  title: string;
}

export function isScreenHandle(handle: unknown): handle is ScreenHandle {
  return (
    typeof handle === 'object' &&
    handle !== null &&
    'routeId' in handle &&
    typeof handle.routeId === 'string' &&
    'title' in handle &&
    typeof handle.title === 'string'
  );
}

/** The handle of the deepest matched screen. */
export function useScreenHandle(): ScreenHandle | undefined {
  return useMatches()
    .map((match) => match.handle)
    .findLast(isScreenHandle);
}
