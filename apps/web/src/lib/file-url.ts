import { API_BASE_PATH } from './config';

/** A file path the API gives (with or without its /api/v1 base) as a link the browser can open. */
export function fileUrl(path: string): string {
  if (/^https?:\/\//.test(path) || path.startsWith(`${API_BASE_PATH}/`)) return path;
  return `${API_BASE_PATH}${path.startsWith('/') ? '' : '/'}${path}`;
}
