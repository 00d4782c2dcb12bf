import type { MouseEvent } from 'react';
import { MAIN_CONTENT_ID } from './main-content';
import classes from './skip-link.module.css';

export { MAIN_CONTENT_ID };

/** For the element the skip link and the navigation focus reach from code (`tabIndex={-1}`): no focus ring. */
export const focusTargetClass = classes.focusTarget;

/** Focuses the main content, as a fragment link would, without a history entry the router would read as a move. */
function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById(MAIN_CONTENT_ID);
  if (!main) return;
  event.preventDefault();
  main.focus();
}

/**
 * "Skip to content" (WCAG 2.4.1): the first stop of the keyboard on a page with navigation before its content,
 * shown while it has the focus. The page's main content is `<main id={MAIN_CONTENT_ID} tabIndex={-1}>`.
 */
export function SkipLink() {
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className={classes.skipLink} onClick={skipToContent}>
      Skip to content
    </a>
  );
}
