import { DEFAULT_LOGGED_IN_ROUTE } from '@courier/contract';

/** Only same-site paths are followed after sign-in; anything else lands on the default route. */
export function safeRedirect(target: string | null | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) {
    return DEFAULT_LOGGED_IN_ROUTE;
  }
  return target;
}
