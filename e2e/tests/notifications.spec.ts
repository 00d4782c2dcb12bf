import { expect, test } from '@playwright/test';
import { deliveryForDriver, driverPhone, expectNoErrorScreen, signInThroughApi } from './fixtures';

const DAN = { email: 'driver@shipper.test', password: 'demo-password' };

test('a driver picks up a delivery and its creator is told in the bell, without a reload, and follows it', async ({
  page,
  browser,
}) => {
  const name = `Bell run ${Date.now().toString(36)}`;
  // The shipper's admin creates the delivery (its creator) and gives it to Dan.
  const uuid = await deliveryForDriver(page, name, DAN.email);
  await signInThroughApi(page);
  await page.goto('/CompanyDashboard');
  await expect(page.getByRole('heading', { name: 'Company Dashboard' })).toBeVisible();
  // Start from nothing unread, so the count below is this delivery's.
  await page.request.post('/api/v1/me/notifications/read-all', {
    headers: {
      'X-XSRF-TOKEN': decodeURIComponent(
        (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '',
      ),
      'X-Requested-With': 'XMLHttpRequest',
    },
  });
  await page.reload();
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  // Dan, on his phone, picks it up.
  const phone = await driverPhone(browser, DAN);
  await phone.move(uuid, 'en-route-to-pickup', 'at-pickup', 'picked-up');
  await phone.close();

  // The bell shows it at once (the live stream), with its count and "New".
  const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
  await expect(bell).toBeVisible();
  await bell.click();
  await expect(page.getByTestId('notifications-new')).toHaveText('1 New');
  const item = page.getByTestId('notification').filter({ hasText: `${name}: Picked up` });
  await expect(item).toBeVisible();
  await item.getByRole('button', { name: new RegExp(`^${name}: Picked up`) }).click();
  await expect(page).toHaveURL(`/DeliveryDetail/${uuid}`);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  // Opened is read.
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  // Every notification is on /Notifications, behind "VIEW ALL ACTIVITIES".
  await page.getByRole('button', { name: 'Notifications', exact: true }).click();
  await page.getByRole('button', { name: 'VIEW ALL ACTIVITIES' }).click();
  await expect(page).toHaveURL('/Notifications');
  await expect(
    page.getByRole('region', { name: 'Notifications list' }).getByText(`${name}: Picked up`),
  ).toBeVisible();
  await page
    .locator('label')
    .filter({ hasText: /^Unread$/ })
    .click();
  await expect(page).toHaveURL('/Notifications?show=unread');
  await expect(page.getByText('Nothing unread')).toBeVisible();
  await expectNoErrorScreen(page);
});
