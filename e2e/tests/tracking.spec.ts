import { expect, test } from '@playwright/test';
import {
  DEMO_ADMIN,
  deliveryForDriver,
  driverPhone,
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

test('the tracking page shows the same position signed out, and follows the driver without reloading', async ({
  page,
  browser,
}) => {
  const name = `Followed run ${Date.now().toString(36)}`;
  const uuid = await deliveryForDriver(page, name, DRIVER.email);
  await signInThroughApi(page, DEMO_ADMIN);
  const detail = await page.request.get(`/api/v1/c/demo-shipper/admin/delivery/${uuid}`);
  const token = ((await detail.json()) as { data: { trackingToken: string } }).data.trackingToken;

  // The driver's phone, in a context of its own: collected, on the way to the dropoff, sending positions.
  const phone = await driverPhone(browser, DRIVER);
  await phone.move(uuid, 'en-route-to-pickup', 'at-pickup', 'picked-up', 'en-route-to-dropoff');
  const send = (lat: number, lng: number) => phone.send(lat, lng);
  await phone.send(51.52, -0.15, 90);

  // The recipient, signed out on a phone: the driver on the map, where the office sees them. (No service worker: its
  // first takeover asks every query again, components/pwa/update-prompt.tsx, which would blur what the stream did.)
  const recipient = await browser.newContext({ ...PHONE, serviceWorkers: 'block' });
  const tab = await recipient.newPage();
  const asked: string[] = [];
  tab.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith(`/api/v1/track/${token}`)) asked.push(path.endsWith('/stream') ? 'stream' : 'get');
  });
  await tab.goto(`/track/${token}`);
  await expect(tab.getByTestId('tracking-status')).toHaveText('On its way to you');
  const marker = tab.getByTestId('driver-marker');
  await expect(marker).toHaveAttribute('data-lat', '51.52');
  await expect(marker).toHaveAttribute('data-lng', '-0.15');
  // Which way the driver is going: the arrow turned east.
  await expect(marker.getByTestId('driver-heading')).toHaveAttribute('data-heading', '90');
  await expect(tab.locator('[data-testid="tracking-map"][data-base-map-state="ready"]')).toBeVisible({
    timeout: 20_000,
  });
  const office = await page.request.get(`/api/v1/c/demo-shipper/admin/delivery/eta?deliveryUuid=${uuid}`);
  const live = (await office.json()) as {
    data: { lastPosition: { location: { lat: number; lng: number } } };
  };
  expect(live.data.lastPosition.location).toEqual({ lat: 51.52, lng: -0.15 });
  await expect(tab.getByTestId('tracking-position')).toContainText('Priya seen at');
  await tab.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

  // The driver moves on: the marker and the map follow within moments, through the stream (no GET asks again).
  expect(asked).toContain('stream');
  const gets = asked.filter((a) => a === 'get').length;
  await send(51.505, -0.19);
  await expect(marker).toHaveAttribute('data-lat', '51.505', { timeout: 5_000 });
  await expect(marker).toHaveAttribute('data-lng', '-0.19');
  // The map follows: the driver's new position and the destination (the recipient's address) are both in view.
  await expect(tab.getByTestId('destination-marker')).toBeVisible();
  await expect
    .poll(() =>
      tab.evaluate(() => {
        type Bounds = { contains(p: [number, number]): boolean };
        const map = (window as unknown as { __courierMap?: { getBounds(): Bounds } }).__courierMap;
        return map?.getBounds().contains([-0.19, 51.505]) ?? false;
      }),
    )
    .toBe(true);
  expect(await tab.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  expect(asked.filter((a) => a === 'get')).toHaveLength(gets);
  await expectNoErrorScreen(tab);
  await Promise.all([recipient.close(), phone.close()]);
});
