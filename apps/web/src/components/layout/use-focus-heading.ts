import { useEffect, useRef } from 'react';
import { MAIN_CONTENT_ID } from './main-content';

/** How long a new screen may take to draw its heading (its data, a lazy part) before the focus is left alone. */
export const HEADING_WAIT_MS = 5_000;

function mainContent(): HTMLElement | null {
  return document.getElementById(MAIN_CONTENT_ID) ?? document.querySelector('main');
}

/** The screen's heading: the h1 of the main content (PageHeader's), or the page's h1. */
export function pageHeading(): HTMLElement | null {
  return mainContent()?.querySelector('h1') ?? document.querySelector('h1');
}

/**
 * The focus is not the navigation's to move: a dialog is open, or the new screen put it on one of its own fields.
 * Focus left on the sidebar, the header, the main element itself or nowhere (the link pressed has gone) is moved.
 */
export function focusIsTaken(): boolean {
  if (document.querySelector('[aria-modal="true"]')) return true;
  const active = document.activeElement;
  if (!active || active === document.body) return false;
  if (active.closest('[role="dialog"]')) return true;
  const main = mainContent();
  return main !== null && main !== active && main.contains(active);
}

/** Focuses the screen's heading unless the focus is taken; false while there is no heading yet. */
function focusHeading(): boolean {
  if (focusIsTaken()) return true;
  const heading = pageHeading();
  if (!heading) return false;
  // PageHeader's h1 has it; another screen's heading gets it here, so that it can take the focus at all.
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
  return true;
}

/**
 * After a move to another screen, the focus goes to the new screen's heading, so that a keyboard or screen reader
 * user starts there instead of in the sidebar they left from (issue 33). Not on the first load (the browser starts at
 * the top), not for a change of query string or hash alone (same screen: filters, pages, tabs), and not over a
 * dialog or a field the screen focused itself. A screen that draws its heading later (after its data) gets the focus
 * then, unless the user has pressed a key or the pointer meanwhile.
 */
export function useFocusHeadingOnNavigate(pathname: string): void {
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) stop();
    });
    const timer = window.setTimeout(() => stop(), HEADING_WAIT_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
      document.removeEventListener('keydown', stop, true);
      document.removeEventListener('pointerdown', stop, true);
    }
    observer.observe(document.body, { childList: true, subtree: true });
    document.addEventListener('keydown', stop, true);
    document.addEventListener('pointerdown', stop, true);
    return stop;
  }, [pathname]);
}
