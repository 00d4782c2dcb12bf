import { LOGIN_ROUTE } from '@courier/contract/plain';

/** Where the sign-in screen sends the user back to. */
export function loginPathFor(pathWithSearch: string): string {
  return `${LOGIN_ROUTE}?redirectTo=${encodeURIComponent(pathWithSearch)}`;
}
