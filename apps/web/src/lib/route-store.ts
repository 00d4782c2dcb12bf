import { createStore } from './create-store';

/** Where the user is: path, route params and query-string params (spec section 2 "Shell behaviour"). */
export interface RouteSnapshot {
  pathname: string;
  params: Readonly<Record<string, string | undefined>>;
  query: Readonly<Record<string, string>>;
}

export interface RouteHistoryState {
  previous: RouteSnapshot | null;
  current: RouteSnapshot | null;
}

export const routeStore = createStore<RouteHistoryState>({ previous: null, current: null });

function sameRecord(
  a: Readonly<Record<string, string | undefined>>,
  b: Readonly<Record<string, string | undefined>>,
): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) if (a[key] !== b[key]) return false;
  return true;
}

export function sameRoute(a: RouteSnapshot, b: RouteSnapshot): boolean {
  return a.pathname === b.pathname && sameRecord(a.params, b.params) && sameRecord(a.query, b.query);
}

/** Moves current to previous and records the new route; an identical route changes nothing. */
export function recordRoute(next: RouteSnapshot): void {
  routeStore.set((state) =>
    state.current && sameRoute(state.current, next) ? state : { previous: state.current, current: next },
  );
}

export function resetRouteHistory(): void {
  routeStore.set({ previous: null, current: null });
}
