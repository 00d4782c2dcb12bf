import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { expectNoErrorScreen, signInThroughApi } from './fixtures';

test('the lock screen locks the session on the server until the password is given again', async ({
  page,
}) => {
  await signInThroughApi(page);
  await page.goto('/CompanyDashboard');
  await expect(page.getByRole('heading', { name: 'Company Dashboard' })).toBeVisible();

  // The user menu's Lock Screen.
  await page.getByRole('button', { name: /account menu|user menu/i }).click();
  await page.getByRole('menuitem', { name: 'Lock Screen' }).click();
  await expect(page).toHaveURL(/\/auth\/boxed-lockscreen/);
  await expect(page.getByTestId('lock-status')).toContainText('Locked');
  // The accessibility sweep leaves the lock screen to this test (it needs a locked session): axe here.
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'])
    .analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  // Not only the page: the API itself refuses this session now.
  expect((await page.request.get('/api/v1/me')).status()).toBe(423);
  // A signed-in screen opened directly comes back to the lock screen, remembering where it was going.
  await page.goto('/Notifications');
  await expect(page).toHaveURL(/\/auth\/boxed-lockscreen\?from=%2FNotifications/);

  await page.getByRole('textbox', { name: 'Password' }).fill('not-my-password');
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByText('That is not your password.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Password' }).fill('demo-password');
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page).toHaveURL('/Notifications');
  await expect(page.getByRole('heading', { name: 'Notifications', exact: true })).toBeVisible();
  expect((await page.request.get('/api/v1/me')).status()).toBe(200);
  await expectNoErrorScreen(page);
});
