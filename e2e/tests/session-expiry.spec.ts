import { expect, request, test, type Page } from '@playwright/test';
import { signInThroughApi, signInThroughForm } from './fixtures.ts';

/** Sign-out and expired sessions (issue 33 item 9; spec section 4 "Session expiry"). */

const NO_SESSION_TEXT = /no signed-in session to unlock/i;

/**
 * Ends the page's session on the server while the browser keeps its cookie, as an expiry or a sign-out elsewhere
 * does: a second client holding the same cookies signs out (the server deletes the session row).
 */
async function endSessionOnServer(page: Page, baseURL: string): Promise<void> {
  const state = await page.context().storageState();
  const other = await request.newContext({ baseURL, storageState: state });
  try {
    const xsrf = state.cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
    const res = await other.post('/api/v1/logout', {
      headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), 'X-Requested-With': 'XMLHttpRequest' },
    });
    expect(res.status()).toBe(200);
  } finally {
    await other.dispose();
  }
}

test('Sign Out stays on /, and Back after it reaches the sign-in screen, never the lock screen', async ({
  page,
}) => {
  await signInThroughForm(page);
  // A second screen, so that there is a signed-in page to go back to.
  await page.getByRole('banner').getByRole('link', { name: 'Delivery Calendar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Delivery Calendar' })).toBeVisible();

  await page.getByRole('button', { name: /user menu/i }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  // The calls still on their way when the user signed out answer 401 on the landing page: it stays there.
  // Something that must not happen (a bounce to /login) is given the time a late answer and its check take here.
  await page.waitForTimeout(1_500); // longer than a late answer and its session check take here
  await expect(page).toHaveURL(/\/$/);

  await page.goBack();
  await expect(page).toHaveURL(/\/login(\?|$)/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByText(NO_SESSION_TEXT)).toHaveCount(0);

  // The lock screen itself, with no session: the sign-in screen in its place.
  await page.goto('/auth/boxed-lockscreen');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByText(NO_SESSION_TEXT)).toHaveCount(0);
  await page.goBack();
  await expect(page.getByText(NO_SESSION_TEXT)).toHaveCount(0);
});

test('a session ended on the server while a page is open: its next call checks the session, then /login', async ({
  page,
  baseURL,
}) => {
  await signInThroughApi(page);
  await page.goto('/DeliveryCalendar');
  await expect(page.getByRole('heading', { level: 1, name: 'Delivery Calendar' })).toBeVisible();
  const calendar = page.getByTestId('delivery-calendar');
  await expect(calendar.getByRole('button', { name: 'Next Week' })).toBeVisible();

  // The app's own session check, whichever of its calls meets the 401 first.
  const checked = page.waitForResponse(
    (res) => new URL(res.url()).pathname === '/api/v1/me/check' && res.status() === 401,
  );
  await endSessionOnServer(page, baseURL!);
  // The browser still sends its cookie; the server no longer knows it.
  expect((await page.request.get('/api/v1/me/check')).status()).toBe(401);

  // The page's next call answers 401 (the calendar's next week, or the live stream reconnecting first, which the
  // server closed with the session): the app asks /me/check, and goes to /login.
  await calendar
    .getByRole('button', { name: 'Next Week' })
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await checked;
  await expect(page).toHaveURL(/\/login\?redirectTo=%2FDeliveryCalendar$/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByText('Could not load the calendar')).toHaveCount(0);
  const stored = await page.evaluate(() => window.localStorage.getItem('persist:root'));
  expect(stored === null || !stored.includes('"isLoggedIn":true')).toBe(true);

  // Signing in again comes back to the calendar.
  await page.getByLabel('E-mail').fill('admin@shipper.test');
  await page.getByLabel(/^Password/).fill('demo-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/DeliveryCalendar$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Delivery Calendar' })).toBeVisible();
});
