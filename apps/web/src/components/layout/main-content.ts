/** The id of the page's main content (`<main id={MAIN_CONTENT_ID} tabIndex={-1}>`), which the skip link jumps to. */
export const MAIN_CONTENT_ID = 'main-content';
