import { expect, test, type Page } from '@playwright/test';
import {
  DEMO_ADMIN,
  deliveryForDriver,
  expectNoErrorScreen,
  signInThroughApi,
  signInThroughForm,
  xsrfHeaders,
  drawSignature,
  PHONE,
} from './fixtures.ts';

// A phone held in one hand, on the road: the driver's app keeps working with no network (decision 021).
test.use(PHONE);

const DRIVER = { email: 'driver@shipper.test', password: 'demo-password' };

/** A status button, then its confirmation; the new status shows at once, sent or not. */
async function move(page: Page, button: string, status: string) {
  await page.getByRole('button', { name: button }).first().click();
  await page.getByRole('dialog').getByRole('button', { name: button }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByTestId('driver-delivery-status').first()).toHaveText(status);
}

async function sign(page: Page) {
  const proof = page.getByRole('region', { name: 'Proof of delivery' });
  await drawSignature(page, proof);
  await proof.getByLabel('Signed by').fill('Offline Olga');
  await proof.getByRole('button', { name: 'Send proof' }).click();
  await expect(proof.getByTestId('queued-proofs')).toContainText('Waiting to send');
}

test('a driver works a delivery with no network, and the office gets every change once, in order', async ({
  browser,
}) => {
  const admin = await browser.newPage();
  const name = `Offline run ${Date.now().toString(36)}`;
  const uuid = await deliveryForDriver(admin, name, DRIVER.email);

  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await signInThroughForm(page, DRIVER, '/DriverDashboard');
  await page.getByTestId('driver-delivery-card').filter({ hasText: name }).click();
  await expect(page).toHaveURL(new RegExp(`/DriverDeliveryDetail/${uuid}$`));

  // The service worker takes the page; a reload through it keeps the driver's reads for offline.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
  await page.reload();
  await expect(page.getByTestId('next-stop-address')).toContainText('12 Upper Street');

  await context.setOffline(true);
  await expect(page.getByText('You are offline — changes are kept on this phone')).toBeVisible();
  await move(page, 'Start: en route to pickup', 'En route to pickup');
  await move(page, 'Arrived at pickup', 'At pickup');
  await move(page, 'Mark picked up', 'Picked up');
  // The next stop follows the queued status: the dropoff.
  await expect(page.getByTestId('next-stop-address')).toContainText('5 King Street');
  await sign(page);
  await expect(page.getByTestId('waiting-count')).toHaveText('4 changes waiting to send');

  // Reloaded with no network: the app, the delivery and the waiting changes are all still there.
  await page.reload();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByTestId('driver-delivery-status').first()).toHaveText('Picked up');
  await expect(page.getByTestId('waiting-count')).toHaveText('4 changes waiting to send');
  await expectNoErrorScreen(page);

  // Back online: the queue drains by itself, in order.
  await context.setOffline(false);
  await expect(page.getByTestId('queue-status')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByTestId('sent-proofs').getByRole('img', { name: 'Offline Olga' })).toBeVisible();
  await expect(page.getByTestId('driver-delivery-status').first()).toHaveText('Picked up');
  await expect(page.getByTestId('status-waiting')).toHaveCount(0);
  await context.close();

  // The shipper's admin sees each move once, in order, and the proof.
  await signInThroughApi(admin, DEMO_ADMIN);
  await admin.goto(`/DeliveryDetail/${uuid}`);
  const history = admin.getByTestId('status-history');
  await expect(history).toContainText('Picked up');
  const labels = await history.locator('[data-tag]').allInnerTexts();
  expect(labels.slice(0, 4)).toEqual(['Picked up', 'At pickup', 'En route to pickup', 'Assigned']);
  for (const status of ['Picked up', 'At pickup', 'En route to pickup'])
    expect(labels.filter((label) => label === status)).toHaveLength(1);
  const gallery = admin.getByRole('region', { name: 'Proofs of delivery' }).getByTestId('proof-gallery');
  await expect(gallery.getByRole('button', { name: 'Open Offline Olga' })).toHaveCount(1);
  await admin.close();
});

test('a move the office overtook while the phone was offline is shown as refused, with the reason, to discard', async ({
  browser,
}) => {
  const admin = await browser.newPage();
  const name = `Overtaken run ${Date.now().toString(36)}`;
  const uuid = await deliveryForDriver(admin, name, DRIVER.email);

  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await signInThroughForm(page, DRIVER, '/DriverDashboard');
  await page.goto(`/DriverDeliveryDetail/${uuid}`);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
  await expect(page.getByTestId('next-stop-address')).toContainText('12 Upper Street');

  await context.setOffline(true);
  await move(page, 'Start: en route to pickup', 'En route to pickup');
  await expect(page.getByTestId('waiting-count')).toHaveText('1 change waiting to send');

  // Meanwhile the office cancels the delivery.
  await signInThroughApi(admin, DEMO_ADMIN);
  const cancel = await admin.request.post(`/api/v1/c/demo-shipper/admin/delivery/${uuid}/status`, {
    headers: await xsrfHeaders(admin),
    data: { statusSlug: 'cancelled', cancelTypeSlug: 'shipper-request' },
  });
  expect(cancel.status()).toBe(200);

  // Back online, the server refuses the move: the driver is told which change and why, and nothing is dropped unseen.
  await context.setOffline(false);
  const failed = page.getByTestId('failed-write');
  await expect(failed).toContainText(`Start: en route to pickup · ${name}`, { timeout: 30_000 });
  await expect(page.getByTestId('waiting-count')).toHaveCount(0);
  await failed.getByRole('button', { name: 'Discard' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByTestId('queue-status')).toHaveCount(0);
  await expectNoErrorScreen(page);
  await context.close();
  await admin.close();
});
