import { expect, test } from '@playwright/test';
import {
  DEMO_ADMIN,
  deliveryForDriver,
  expectNoErrorScreen,
  PHONE,
  signInThroughApi,
  xsrfHeaders,
} from './fixtures.ts';

const DRIVER = { email: 'driver2@shipper.test', password: 'demo-password' };

test.use(PHONE);

test("the recipient follows the delivery signed out: status, driver's first name and the way there", async ({
  page,
  browser,
}) => {
  const name = `Tracked run ${Date.now().toString(36)}`;
  const uuid = await deliveryForDriver(page, name, DRIVER.email);

  // The office has the link to give the recipient.
  await signInThroughApi(page, DEMO_ADMIN);
  await page.goto(`/DeliveryDetail/${uuid}`);
  const href = await page.getByTestId('tracking-link').getAttribute('href');
  expect(href).toMatch(/^\/track\/[\w-]{40,}$/);
  await page.context().clearCookies();

  // The driver collects it and heads to the dropoff, sending a position on the way.
  await signInThroughApi(page, DRIVER);
  const headers = await xsrfHeaders(page);
  for (const statusSlug of ['en-route-to-pickup', 'at-pickup', 'picked-up', 'en-route-to-dropoff']) {
    const moved = await page.request.post(`/api/v1/driver/delivery/${uuid}/status`, {
      headers,
      data: { statusSlug },
    });
    expect(moved.status(), statusSlug).toBe(200);
  }
  const sent = await page.request.post('/api/v1/driver/location', {
    headers,
    data: { points: [{ lat: 51.5, lng: -0.2, recordedAt: new Date().toISOString() }] },
  });
  expect(sent.status()).toBe(200);

  // Signed out, on a phone: what a recipient needs, and nothing of the office.
  const recipient = await browser.newContext(PHONE);
  const tab = await recipient.newPage();
  await tab.goto(href ?? '');
  await expect(tab.getByRole('heading', { name: 'Track your delivery' })).toBeVisible();
  await expect(tab.getByTestId('tracking-status')).toHaveText('On its way to you');
  await expect(tab.getByTestId('tracking-driver')).toHaveText('Your driver is Priya.');
  await expect(tab.getByTestId('tracking-position')).toBeVisible();
  await expect(tab.getByText('W6 0QA London')).toBeVisible();
  await expect(tab.getByTestId('tracking-timeline')).toContainText('Collected');
  await expect(tab.getByText('Demo Shipper')).toHaveCount(0);
  await expect(tab.getByText('12 Upper Street')).toHaveCount(0);
  await expectNoErrorScreen(tab);

  // A wrong link is a plain "not valid".
  await tab.goto('/track/this-is-not-a-token');
  await expect(tab.getByRole('heading', { name: 'This tracking link is not valid' })).toBeVisible();
  await recipient.close();
});
