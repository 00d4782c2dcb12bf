/**
 * Lets code outside React (the API client's session expiry) navigate through the app's router. The app registers
 * the router's navigate at start-up; before that a full page load is the fallback.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => unknown;

let navigateImpl: Navigate | null = null;

export function registerNavigate(navigate: Navigate): void {
  navigateImpl = navigate;
}

export function navigateTo(to: string, options: { replace?: boolean } = {}): void {
  if (navigateImpl) void navigateImpl(to, options);
  else window.location.assign(to);
}
