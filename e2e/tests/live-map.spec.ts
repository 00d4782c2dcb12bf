import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, deliveryForDriver, driverPhone, signInThroughApi } from './fixtures.ts';

const DRIVER = { email: 'driver2@shipper.test', password: 'demo-password' };

test("the office watches a driver's position move on the delivery's map, without reloading", async ({
  browser,
  page,
}) => {
  const name = `Watched run ${Date.now().toString(36)}`;
  const uuid = await deliveryForDriver(page, name, DRIVER.email);

  // The driver, on their phone's API, starts the delivery.
  const phone = await driverPhone(browser, DRIVER);
  await phone.move(uuid, 'en-route-to-pickup');
  const send = async (lat: number, lng: number, heading?: number) =>
    expect((await phone.send(lat, lng, heading)).stored).toBe(1);

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
  // No heading from the phone: no arrow.
  await expect(marker.getByTestId('driver-heading')).toHaveCount(0);
  const before = await marker.boundingBox();
  await send(51.5, -0.2, 250);
  await expect
    .poll(async () => {
      const now = await marker.boundingBox();
      return before && now ? Math.round(Math.abs(now.x - before.x) + Math.abs(now.y - before.y)) : 0;
    })
    .toBeGreaterThan(5);
  // The phone's compass heading turns the arrow on the driver's ring.
  await expect(marker.getByTestId('driver-heading')).toHaveAttribute('data-heading', '250');
  await phone.close();
});
