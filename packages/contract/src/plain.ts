/**
 * The contract's parts that need no zod: constants and the path builder. The web app's entry and sign-in screen
 * import from `@courier/contract/plain` so that zod and the schemas stay off a cold first load (decision 045); the
 * barrel (`@courier/contract`) re-exports all of it as well.
 */
export * from './constants.js';
export { buildPath } from './api/build-path.js';
export { SESSION_STATE_ELEMENT_ID, type RouteDocument } from './web/route-document.js';
