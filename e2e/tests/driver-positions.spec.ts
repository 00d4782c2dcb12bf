import { expect, test, type Page } from '@playwright/test';
import {
  DEMO_ADMIN,
  deliveryForDriver,
  expectNoErrorScreen,
  signInThroughApi,
  signInThroughForm,
} from './fixtures.ts';

// The driver's phone shares its position while a delivery is under way (issue 12), with no holes when the signal
// goes: positions taken offline wait on the phone and reach the office in order, once each.
const PHONE = { viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true };
test.use(PHONE);

const DRIVER = { email: 'driver@shipper.test', password: 'demo-password' };
const PICKUP = { latitude: 51.5362, longitude: -0.1033 };
const DROPOFF = { latitude: 51.4927, longitude: -0.2262 };

/** Places along the way from the pickup to the dropoff, each over a kilometre from the last. */
const along = (n: number) =>
  Array.from({ length: n }, (_, i) => {
    const f = (i + 1) / (n + 1);
    return {
      latitude: +(PICKUP.latitude + (DROPOFF.latitude - PICKUP.latitude) * f).toFixed(6),
      longitude: +(PICKUP.longitude + (DROPOFF.longitude - PICKUP.longitude) * f).toFixed(6),
      accuracy: 5,
    };
  });

interface TrackPoint {
  location: { lat: number; lng: number } | null;
  recordedAt: string;
}

/** The delivery's location history, as the shipper's admin reads it. */
async function trackOf(admin: Page, deliveryUuid: string): Promise<TrackPoint[]> {
  const res = await admin.request.get(
    `/api/v1/c/demo-shipper/admin/delivery/location?deliveryUuid=${deliveryUuid}`,
  );
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: TrackPoint[] }).data;
}

type Place = ReturnType<typeof along>[number];

/** A point of the track at this place, to a millionth of a degree. */
const isAt = (t: TrackPoint, p: Place) =>
  t.location !== null &&
  Math.abs(t.location.lat - p.latitude) < 1e-6 &&
  Math.abs(t.location.lng - p.longitude) < 1e-6;

/** Where each of `places` shows in the track (its index, or -1). */
const indexesIn = (track: TrackPoint[], places: Place[]) =>
  places.map((p) => track.findIndex((t) => isAt(t, p)));

/** Moves the phone and waits until the app has the new fix (the watch answers each move once). */
async function moveTo(page: Page, place: Place) {
  const state = page.getByTestId('sharing-state');
  const before = await state.getAttribute('data-last-fix');
  await page.context().setGeolocation(place);
  await expect(state).not.toHaveAttribute('data-last-fix', before ?? '');
}

test('positions taken online and offline reach the office in order, once each; a pause is remembered', async ({
  browser,
}) => {
  // The limits below are for the worst step on a busy machine (issue 39: 20 s was not enough there for the phone's
  // batch to reach the office); each wait ends as soon as what it waits for is there.
  test.setTimeout(240_000);
  const admin = await browser.newPage();
  const name = `Tracked run ${Date.now().toString(36)}`;
  const uuid = await deliveryForDriver(admin, name, DRIVER.email);

  const context = await browser.newContext({
    ...PHONE,
    permissions: ['geolocation'],
    geolocation: { ...PICKUP, accuracy: 5 },
  });
  const page = await context.newPage();
  await signInThroughForm(page, DRIVER, '/DriverDashboard');
  await expect(page.getByRole('switch', { name: 'Sharing my location' })).toBeChecked();
  await page.getByTestId('driver-delivery-card').filter({ hasText: name }).click();
  await expect(page).toHaveURL(new RegExp(`/DriverDeliveryDetail/${uuid}$`));
  await expect(page.getByTestId('next-stop-address')).toContainText('12 Upper Street');

  // Starting the delivery: the phone shares its position from now on.
  await page.getByRole('button', { name: 'Start: en route to pickup' }).first().click();
  await page.getByRole('dialog').getByRole('button', { name: 'Start: en route to pickup' }).click();
  await expect(page.getByTestId('driver-delivery-status').first()).toHaveText('En route to pickup');
  const state = page.getByTestId('sharing-state');
  await expect(state).toHaveAttribute('data-phase', 'sharing');
  await expect(state).toContainText('Your office sees where you are');

  const route = along(7);
  const online = route.slice(0, 3);
  const offline = route.slice(3, 6);
  const far = route[6];
  if (!far) throw new Error('No place to pause at');

  // Online: each batch goes within a few seconds, and nothing shows as waiting.
  for (const place of online) await moveTo(page, place);
  await signInThroughApi(admin, DEMO_ADMIN);
  await expect
    .poll(async () => indexesIn(await trackOf(admin, uuid), online).every((i) => i >= 0), { timeout: 60_000 })
    .toBe(true);
  await expect(page.getByTestId('queue-status')).toHaveCount(0);

  // No signal: the positions wait on the phone, counted apart from changes.
  await context.setOffline(true);
  await expect(page.getByText('You are offline — changes are kept on this phone')).toBeVisible();
  for (const place of offline) await moveTo(page, place);
  await expect(page.getByTestId('track-waiting')).toHaveText('Track: 3 positions waiting to send', {
    timeout: 60_000,
  });
  await expect(page.getByTestId('waiting-count')).toHaveCount(0);
  expect(indexesIn(await trackOf(admin, uuid), offline)).toEqual([-1, -1, -1]);

  // The signal returns: the backlog goes by itself.
  await context.setOffline(false);
  await expect(page.getByTestId('queue-status')).toHaveCount(0, { timeout: 60_000 });

  // Pausing: the switch stays off across a reload, and a move meanwhile is not shared.
  await page.getByRole('switch', { name: 'Sharing my location' }).click();
  await expect(state).toHaveAttribute('data-phase', 'off');
  await context.setGeolocation(far);
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Sharing my location' })).not.toBeChecked();
  await expect(page.getByTestId('sharing-state')).toContainText('Paused');
  await expectNoErrorScreen(page);
  await page.waitForTimeout(6_000); // longer than one send interval: nothing may go
  await context.close();

  // The office has every place, online and offline, once each and in the order the phone took them.
  const track = await trackOf(admin, uuid);
  const places = [...online, ...offline];
  const found = indexesIn(track, places);
  expect(found.every((i) => i >= 0)).toBe(true);
  expect([...found].sort((x, y) => x - y)).toEqual(found);
  for (const place of places) expect(track.filter((t) => isAt(t, place))).toHaveLength(1);
  const times = track.map((t) => Date.parse(t.recordedAt));
  expect(new Set(times).size).toBe(times.length);
  expect([...times].sort((x, y) => x - y)).toEqual(times);
  expect(indexesIn(track, [far])).toEqual([-1]);
  await admin.close();
});
