import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, deliveryForDriver, signInThroughApi, xsrfHeaders } from './fixtures.ts';

const DRIVER = { email: 'driver2@shipper.test', password: 'demo-password' };

test("the office watches a driver's position move on the delivery's map, without reloading", async ({
  browser,
  page,
}) => {
  const name = `Watched run ${Date.now().toString(36)}`;
  const uuid = await deliveryForDriver(page, name, DRIVER.email);

  // The driver, on their phone's API, starts the delivery.
  const phone = await browser.newPage();
  await signInThroughApi(phone, DRIVER);
  const headers = await xsrfHeaders(phone);
  const started = await phone.request.post(`/api/v1/driver/delivery/${uuid}/status`, {
    headers,
    data: { statusSlug: 'en-route-to-pickup' },
  });
  expect(started.status()).toBe(200);
  const send = async (lat: number, lng: number) => {
    const res = await phone.request.post('/api/v1/driver/location', {
      headers,
      data: { points: [{ lat, lng, recordedAt: new Date(Date.now() + 1_000).toISOString() }] },
    });
    expect(res.status()).toBe(200);
    expect(((await res.json()) as { data: { stored: number } }).data.stored).toBe(1);
  };

  // The office opens the delivery: no position yet.
  await signInThroughApi(page, DEMO_ADMIN);
  await page.goto(`/DeliveryDetail/${uuid}`);
  await expect(page.getByTestId('live-driver')).toHaveText('No position from the driver yet.');
  await expect(page.locator('[data-base-map-state="ready"]')).toBeVisible({ timeout: 20_000 });

  // A position arrives through the live stream: the marker shows, then moves, with no reload.
  await send(51.52, -0.15);
  const marker = page.getByTestId('driver-marker');
  await expect(marker).toBeVisible({ timeout: 10_000 });
  await expect(page.getByTestId('live-driver')).toContainText('Priya seen');
  const before = await marker.boundingBox();
  await new Promise((r) => setTimeout(r, 1_100));
  await send(51.5, -0.2);
  await expect
    .poll(async () => {
      const now = await marker.boundingBox();
      return before && now ? Math.round(Math.abs(now.x - before.x) + Math.abs(now.y - before.y)) : 0;
    })
    .toBeGreaterThan(5);
  await phone.close();
});
