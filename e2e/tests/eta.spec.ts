import { expect, test } from '@playwright/test';
import {
  DEMO_ADMIN,
  deliveryForDriver,
  driverPhone,
  expectNoErrorScreen,
  PHONE,
  signInThroughApi,
} from './fixtures.ts';

// Dan, whose demo day already has a delivery under way (so this one is timed behind it, as in real life); not Priya,
// whom live-map.spec.ts needs without a position.
const DRIVER = { email: 'driver@shipper.test', password: 'demo-password' };

/** "14:05" (the demo company writes the British way) as minutes of the day. */
const minutes = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return h * 60 + m;
};

// One true ETA (issue 36, decision 073): the office, the driver and the recipient read the same arrival.
test('the office, the driver and the recipient see the same arrival at the dropoff', async ({
  page,
  browser,
}) => {
  const name = `ETA run ${Date.now().toString(36)}`;
  const uuid = await deliveryForDriver(page, name, DRIVER.email);

  // The driver collects it and heads for the dropoff, about 2 km away.
  const phone = await driverPhone(browser, DRIVER);
  await phone.move(uuid, 'en-route-to-pickup', 'at-pickup', 'picked-up', 'en-route-to-dropoff');
  await phone.send(51.5, -0.2);

  // The office's delivery page: the dropoff (stop 2) and when.
  await signInThroughApi(page, DEMO_ADMIN);
  await page.goto(`/DeliveryDetail/${uuid}`);
  const officeLine = page.getByTestId('live-eta');
  await expect(officeLine).toContainText(/Stop 2 at \d\d:\d\d/);
  const office = /Stop 2 at (\d\d:\d\d)/.exec((await officeLine.textContent()) ?? '')![1]!;
  const href = await page.getByTestId('tracking-link').getAttribute('href');

  // The driver's list: the same time on the stop.
  const driverPage = await (await browser.newContext(PHONE)).newPage();
  await signInThroughApi(driverPage, DRIVER);
  await driverPage.goto('/DriverDashboard');
  const card = driverPage.getByTestId('driver-delivery-card').filter({ hasText: name });
  await expect(card.getByTestId('stop-eta')).toHaveText(`Expected there at ${office}`);
  await expectNoErrorScreen(driverPage);

  // The recipient, signed out on a phone: a window derived from that arrival, which it contains.
  const recipient = await browser.newContext(PHONE);
  const tab = await recipient.newPage();
  await tab.goto(href ?? '');
  const windowLine = tab.getByTestId('tracking-eta');
  await expect(windowLine).toContainText(/Arriving between \d\d:\d\d and \d\d:\d\d/);
  const [, from, to] = /Arriving between (\d\d:\d\d) and (\d\d:\d\d)/.exec(
    (await windowLine.textContent()) ?? '',
  )!;
  const at = minutes(office);
  // (Across midnight the clock wraps: compare on a day that goes on past it.)
  const wrap = (m: number) => (m < minutes(from!) - 60 ? m + 24 * 60 : m);
  expect(wrap(at)).toBeGreaterThanOrEqual(minutes(from!));
  expect(wrap(at)).toBeLessThanOrEqual(wrap(minutes(to!)));
  await expectNoErrorScreen(tab);

  await recipient.close();
  await driverPage.context().close();
  await phone.close();
});
