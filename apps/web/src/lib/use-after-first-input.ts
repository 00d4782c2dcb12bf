import { startTransition, useEffect, useRef, useState, type FocusEvent } from 'react';

/**
 * What counts as the user's first input: the mouse moved with no button held, a wheel turn, a scroll, the focus moved.
 * Not a press (pointer down, touch, key): a part that replaced its button between a press and its release would lose
 * that press; a press on a part's button loads it through that button instead (`useLaterPart`). Listened to on the
 * window in the capture phase, so nothing on the page can stop them.
 */
const INPUT_EVENTS = ['pointermove', 'wheel', 'scroll', 'focusin'] as const;

let seen = false;
let listening = false;
const listeners = new Set<() => void>();
const loaders = new Set<() => Promise<unknown>>();

/**
 * The code of a part drawn at the first input (`lazy(laterPart(() => import('./part')))`): it is fetched as soon as
 * the first input comes, and the parts are swapped in only once every one of them is there.
 */
export function laterPart<T>(load: () => Promise<T>): () => Promise<T> {
  loaders.add(load);
  return load;
}

/** Whether a pointer or an activating key is held down: a button replaced now would lose the press. */
let pressing = false;
const PRESS_KEYS = new Set(['Enter', ' ']);
function trackPresses() {
  const down = (event: Event) => {
    if (event.type === 'pointerdown' || PRESS_KEYS.has((event as KeyboardEvent).key)) pressing = true;
  };
  const up = () => {
    pressing = false;
  };
  window.addEventListener('pointerdown', down, true);
  window.addEventListener('keydown', down, true);
  for (const type of ['pointerup', 'pointercancel', 'keyup', 'blur']) window.addEventListener(type, up, true);
}

/** Resolves at a moment when nothing is pressed, after the task of the last release (where its click is fired). */
function whenNothingPressed(): Promise<void> {
  return new Promise((resolve) => {
    const look = () => (pressing ? setTimeout(look, 50) : resolve());
    setTimeout(look, 0);
  });
}

function onInput(event: Event) {
  if (seen) return;
  if (event.type === 'pointermove') {
    const move = event as PointerEvent;
    if (move.pointerType !== 'mouse' || move.buttons !== 0) return;
  }
  seen = true;
  for (const type of INPUT_EVENTS) window.removeEventListener(type, onInput, true);
  void Promise.allSettled([...loaders].map((load) => load()))
    .then(whenNothingPressed)
    .then(() => {
      ready = true;
      for (const listener of listeners) listener();
    });
}

let ready = false;

function listen(listener: () => void): () => void {
  listeners.add(listener);
  if (!listening && typeof window !== 'undefined') {
    listening = true;
    trackPresses();
    for (const type of INPUT_EVENTS) window.addEventListener(type, onInput, { capture: true, passive: true });
  }
  return () => listeners.delete(listener);
}

/**
 * Whether the user has done anything on the page yet (moved the mouse, turned the wheel, scrolled, moved the focus),
 * once for the whole session: the frame's parts that are drawn only when used (the header's panels and menus,
 * tooltips, confirm dialogs) load their code from then on, so that neither their code nor their drawing competes with
 * the first screen (decisions 047 and 050). The change comes once the parts' code is there (`laterPart`), at a moment
 * when no pointer or key is held down, and in a transition: a part drawn as `<Suspense fallback={button}>{ready ?
 * <Part /> : button}</Suspense>` keeps its button, the same element, until it is drawn in its place.
 */
export function useAfterFirstInput(): boolean {
  const [shown, setShown] = useState(ready);
  useEffect(() => {
    const show = () => startTransition(() => setShown(true));
    // Ready between this component's drawing and this effect: shown at once, still in a transition.
    if (ready) {
      queueMicrotask(show);
      return undefined;
    }
    return listen(show);
  }, []);
  return shown;
}

/**
 * A part of the frame whose code loads at the user's first input or at the first press of the button drawn in its
 * place: `wanted` once it should load, `pressed` when the button was pressed before, `press` for it; `focused` when
 * that button has the focus (a keyboard user reached it), `focusProps` for the button so that it is known.
 */
export function useLaterPart() {
  const ready = useAfterFirstInput();
  const [pressed, setPressed] = useState(false);
  const [focused, setFocused] = useState(false);
  return {
    wanted: ready || pressed,
    pressed,
    focused,
    press: () => setPressed(true),
    focusProps: {
      onFocus: () => setFocused(true),
      onBlur: (event: FocusEvent) => {
        // The button's own removal (when the part replaces it) is not the user leaving it.
        if (event.currentTarget.isConnected) setFocused(false);
      },
    },
  };
}

/**
 * Inside a later part: open at once when its button was pressed before it loaded (`initiallyOpened`), and give its
 * button (`button`) the focus when the button drawn before had it (`initiallyOpened` or `initiallyFocused`) and the
 * focus has not gone elsewhere since: a keyboard user keeps their place when the part replaces that button.
 */
export function useOpenedByEarlyPress<T extends HTMLElement = HTMLButtonElement>(
  initiallyOpened: boolean,
  initiallyFocused = false,
) {
  const [opened, setOpened] = useState(initiallyOpened);
  const button = useRef<T>(null);
  useEffect(() => {
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (initiallyOpened || (initiallyFocused && lost)) button.current?.focus();
  }, [initiallyOpened, initiallyFocused]);
  return { opened, setOpened, button };
}
