/**
 * One route of the web app as its build writes it in `routes/routes.json` and the server reads it to pick the copy of
 * index.html for a path (decision 051).
 */
export interface RouteDocument {
  id: string;
  /** The path as the router matches it (`:param` segments, `*` the catch-all). */
  path: string;
  caseSensitive: boolean;
  /** Its copy of index.html, relative to the build's output. */
  file: string;
  /** A signed-in screen: the server puts the session's state in its HTML. */
  guarded: boolean;
}

/** The id of the JSON element in which a signed-in screen's HTML carries the session's state (decision 051). */
export const SESSION_STATE_ELEMENT_ID = 'session-state';
