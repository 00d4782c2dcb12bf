/** Product-level settings of the web app. */
export { BRAND_NAME } from '@courier/contract/plain';

/** Every call goes through this base (spec section 7). */
export const API_BASE_PATH = '/api/v1';
export const CSRF_COOKIE_PATH = '/sanctum/csrf-cookie';
export const CSRF_COOKIE_NAME = 'XSRF-TOKEN';
export const CSRF_HEADER_NAME = 'X-XSRF-TOKEN';

/**
 * The spec names a Support Desk reached by an external link but not its address; deployments set
 * VITE_SUPPORT_DESK_URL, and without it the link opens an e-mail to support.
 */
export const SUPPORT_DESK_URL: string =
  (import.meta.env.VITE_SUPPORT_DESK_URL as string | undefined) ?? 'mailto:support@courier.test';

/** Where the contact page sends sales questions; deployments set VITE_SALES_EMAIL. */
export const SALES_EMAIL: string =
  (import.meta.env.VITE_SALES_EMAIL as string | undefined) ?? 'sales@courier.test';
