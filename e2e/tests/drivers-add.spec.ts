import { expect, test } from '@playwright/test';
import { INVITATION_LINK, mailedLink, signInThroughApi, signInThroughForm } from './fixtures.ts';

test('adds a driver who is invited by e-mail, and whose invitation the admin can send again', async ({
  page,
  browser,
}, testInfo) => {
  await signInThroughApi(page);
  const email = `e2e.driver.${Date.now()}@shipper.test`;

  await page.goto('/DriverAdd');
  // No one types a password for someone else (decision 032).
  await expect(page.getByLabel(/^Password/)).toHaveCount(0);
  await page.getByLabel(/^E-mail/).fill(email);
  await page.getByLabel(/^First name/).fill('Erin');
  await page.getByLabel(/^Last name/).fill('Endtoend');
  await page.getByLabel(/^Phone number/).fill('+44 7700 900555');
  await page.getByLabel(/^Licence number/).fill('ENDTO801015EE9AB');
  await page.getByRole('button', { name: 'Add driver', exact: true }).click();

  await expect(page).toHaveURL(/\/DriversManage$/);
  await expect(page.getByText('Driver Added')).toBeVisible();
  const row = page.locator('tbody tr', { hasText: email });
  await expect(row.getByText('Erin Endtoend')).toBeVisible();
  await expect(row.getByText('ENDTO801015EE9AB')).toBeVisible();
  await expect(row.getByText('Invited', { exact: true })).toBeVisible();

  // A new link at once is refused (one a minute), and says why.
  await row.getByRole('button', { name: 'More actions for Erin Endtoend' }).click();
  await page.getByRole('menuitem', { name: 'Send the invitation again' }).click();
  await expect(page.getByText(/less than a minute ago/)).toBeVisible();

  // The invitation's link, opened by the driver in a browser of their own.
  const baseURL = testInfo.project.use.baseURL!;
  const link = await mailedLink(baseURL, email, /invites you/, INVITATION_LINK);
  const context = await browser.newContext({ baseURL });
  const driverPage = await context.newPage();
  await driverPage.goto(link);
  await driverPage.getByLabel(/^Password/).fill('first-password-1');
  await driverPage.getByLabel(/^Confirm the password/).fill('first-password-1');
  await driverPage.getByRole('button', { name: 'Accept and sign in' }).click();
  await expect(driverPage).toHaveURL(/\/DriverDashboard$/);
  await context.close();

  const signIn = await browser.newContext({ baseURL });
  const again = await signIn.newPage();
  await signInThroughForm(again, { email, password: 'first-password-1' }, '/DriverDashboard');
  await again.getByRole('button', { name: 'User menu' }).click();
  await expect(again.getByText(email)).toBeVisible();
  await signIn.close();
});

test('a driver lands on their dashboard, sees the driver menus, and admin screens say they are for admins', async ({
  page,
}) => {
  await signInThroughForm(
    page,
    { email: 'driver@shipper.test', password: 'demo-password' },
    '/DriverDashboard',
  );
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Driver Dashboard' })).toBeVisible();
  for (const name of ['Dashboard', 'Delivery Calendar', 'Add Delivery', 'Fleet Management', 'Directories'])
    await expect(nav.getByRole('link', { name, exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Delivery Calendar' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Quick actions' })).toHaveCount(0);

  await page.goto('/VehicleManage');
  await expect(page.getByRole('heading', { name: 'Manage Vehicles' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Only company admins' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to my deliveries' }).click();
  await expect(page).toHaveURL(/\/DriverDashboard$/);
});

test('an admin keeps the company dashboard and the office menus, and has the Driver Dashboard too', async ({
  page,
}) => {
  await signInThroughForm(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Fleet Management' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Driver Dashboard' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Quick actions' })).toBeVisible();
});
