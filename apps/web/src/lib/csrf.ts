import { CSRF_COOKIE_NAME, CSRF_COOKIE_PATH } from './config';

export function readCookie(name: string, cookies: string = document.cookie): string | null {
  for (const part of cookies.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return null;
}

/** The XSRF-TOKEN cookie is URL-encoded by the server; the header carries the decoded value. */
export function readXsrfToken(): string | null {
  const raw = readCookie(CSRF_COOKIE_NAME);
  if (raw === null) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** Sanctum style: every write first asks for a fresh CSRF cookie. */
export async function fetchCsrfCookie(): Promise<void> {
  await fetch(CSRF_COOKIE_PATH, {
    credentials: 'include',
    headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' },
  });
}
