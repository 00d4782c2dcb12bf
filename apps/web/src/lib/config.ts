/** Product-level settings of the web app. */
import { SUPPORT_DESK_PATH } from '@courier/contract/plain';

export { BRAND_NAME } from '@courier/contract/plain';

/** Every call goes through this base (spec section 7). */
export const API_BASE_PATH = '/api/v1';
export const CSRF_COOKIE_PATH = '/sanctum/csrf-cookie';
export const CSRF_COOKIE_NAME = 'XSRF-TOKEN';
export const CSRF_HEADER_NAME = 'X-XSRF-TOKEN';

/**
 * The spec's Support Desk, "an external link opening in a new tab", whose address it does not name: the server's
 * redirect to its SUPPORT_URL (the contact page when unset), so an install sets it at run time (decision 061).
 */
export const SUPPORT_DESK_URL = `${API_BASE_PATH}${SUPPORT_DESK_PATH}`;

/** Where the contact page sends sales questions; deployments set VITE_SALES_EMAIL. */
export const SALES_EMAIL: string =
  (import.meta.env.VITE_SALES_EMAIL as string | undefined) ?? 'sales@courier.test';
