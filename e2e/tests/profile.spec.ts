import { expect, test } from '@playwright/test';
import { signInThroughApi } from './fixtures.ts';

test('changes the name on the account settings screen and shows it on the profile card', async ({ page }) => {
  await signInThroughApi(page, { email: 'admin@courier.test', password: 'demo-password' });
  await page.goto('/AccountPages/UserAccountSettings');
  const section = page.getByRole('region', { name: 'Name' });
  await section.getByLabel(/^First name/).fill('Carla');
  await section.getByLabel(/^Last name/).fill('Castro');
  await section.getByRole('button').click();
  await expect(page.getByText('Name Changed Successfully')).toBeVisible();
  await page.goto('/Users/Me');
  await expect(page.getByText('Carla Castro').first()).toBeVisible();
});

test('shows the server field error when the current password is wrong', async ({ page }) => {
  await signInThroughApi(page, { email: 'driver2@courier.test', password: 'demo-password' });
  await page.goto('/AccountPages/UserAccountSettings');
  const section = page.getByRole('region', { name: 'Password' });
  await section.getByLabel(/^Current password/).fill('wrong-password');
  await section.getByLabel(/^New password/).fill('another-password-1');
  await section.getByLabel(/^Confirm new password/).fill('another-password-1');
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(section.getByText('The current password is incorrect.')).toBeVisible();
});
