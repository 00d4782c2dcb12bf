import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, expectNoErrorScreen, signInThroughForm } from './fixtures.ts';

test('a signed-out visitor asking for /CompanyDashboard is sent to /login', async ({ page }) => {
  await page.goto('/CompanyDashboard');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
});

test('a wrong password shows the server message and keeps the user on the sign-in screen', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(DEMO_ADMIN.email);
  await page.getByLabel(/^Password/).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('These credentials do not match our records.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('signs in on /auth/boxed-signin too, and the form validates before calling the server', async ({
  page,
}) => {
  await page.goto('/auth/boxed-signin');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/auth\/boxed-signin$/);
  await page.getByLabel('E-mail').fill(DEMO_ADMIN.email);
  await page.getByLabel(/^Password/).fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/CompanyDashboard$/);
});

test('signs in, shows the user in the header menu, signs out to / and is locked out again', async ({
  page,
}) => {
  await signInThroughForm(page);
  await expectNoErrorScreen(page);
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByText(DEMO_ADMIN.email).first()).toBeVisible();
  await expect(page.getByText('Pro', { exact: true }).first()).toBeVisible();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  const stored = await page.evaluate(() => window.localStorage.getItem('persist:root'));
  expect(stored === null || !stored.includes('"isLoggedIn":true')).toBe(true);
  await page.goto('/CompanyDashboard');
  await expect(page).toHaveURL(/\/login/);
});
