import { useSyncExternalStore } from 'react';
import { afterFirstScreen } from './after-first-screen';
import { queryClient } from './query-client';

let settled = false;
let asked = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!asked) {
    asked = true;
    afterFirstScreen(
      () => {
        settled = true;
        for (const l of listeners) l();
      },
      { client: queryClient },
    );
  }
  return () => listeners.delete(listener);
}

/**
 * Whether the app's first screen is up (`afterFirstScreen`), once for the whole session: parts of the frame that
 * are not drawn until used (the header's panels and menus, tooltips) load their code from then on (decision 047).
 */
export function useAfterFirstScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => settled,
    () => false,
  );
}
