import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
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

/**
 * A part of the frame whose code loads after the first screen or at the first press of the button drawn in its
 * place (decision 047): `wanted` once it should load, `pressed` when the button was pressed before, `press` for it.
 */
export function useLaterPart() {
  const ready = useAfterFirstScreen();
  const [pressed, setPressed] = useState(false);
  return { wanted: ready || pressed, pressed, press: () => setPressed(true) };
}

/**
 * Inside a later part: open at once when its button was pressed before it loaded (`initiallyOpened`), and then give
 * that button (`button`) the focus back.
 */
export function useOpenedByEarlyPress<T extends HTMLElement = HTMLButtonElement>(initiallyOpened: boolean) {
  const [opened, setOpened] = useState(initiallyOpened);
  const button = useRef<T>(null);
  useEffect(() => {
    if (initiallyOpened) button.current?.focus();
  }, [initiallyOpened]);
  return { opened, setOpened, button };
}
