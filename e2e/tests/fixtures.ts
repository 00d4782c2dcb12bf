import { expect, type Page } from '@playwright/test';

export const DEMO_ADMIN = { email: 'admin@shipper.test', password: 'demo-password' };
export const ERROR_TEXTS = [/Sorry, something went wrong\./, /Unexpected Application Error!/];

/** Signs in through the real sign-in screen, as a user would. */
export async function signInThroughForm(page: Page, user = DEMO_ADMIN): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel(/^Password/).fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/CompanyDashboard$/);
}

/** Signs in through the API, the way the web app does (CSRF cookie, then POST /api/v1/login). */
export async function signInThroughApi(page: Page, user = DEMO_ADMIN): Promise<void> {
  await page.request.get('/sanctum/csrf-cookie');
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await page.request.post('/api/v1/login', {
    data: user,
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(res.status()).toBe(200);
}

export async function expectNoErrorScreen(page: Page): Promise<void> {
  for (const text of ERROR_TEXTS) await expect(page.getByText(text)).toHaveCount(0);
}
