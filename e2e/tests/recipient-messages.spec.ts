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

// Issue 36: the recipient hears of the delivery by text message (from the tests' own Twilio, which start-server.mjs
// starts at E2E_PORT + 70 and the server's `twilio` library talks to), opens the link, leaves instructions that reach
// the driver's phone live, and after delivery sees how it was handed over and rates it.

const DRIVER = { email: 'driver2@shipper.test', password: 'demo-password' };
const TWILIO = `http://127.0.0.1:${Number(process.env.E2E_PORT) + 70}`;
/** A mobile number of Ofcom's range for fiction, unique to this run so a retry reads only its own texts. */
const number = `+4477009${String(Date.now() % 100_000).padStart(5, '0')}`;

interface Sms {
  to: string;
  body: string;
}
const textsTo = async (to: string) =>
  ((await (await fetch(`${TWILIO}/fake/messages`)).json()) as Sms[]).filter((m) => m.to === to);

test('the recipient is texted the tracking link, leaves instructions for the driver, sees the handover and rates it', async ({
  page,
  browser,
}) => {
  // Three people on three screens, and two messages through jobs: generous for a busy machine (issue 39).
  test.setTimeout(180_000);
  // The company sends text messages at any hour (this test may run at night).
  await signInThroughApi(page, DEMO_ADMIN);
  await page.goto('/AccountPages/RecipientMessages');
  await expect(page.getByRole('heading', { name: 'Recipient Messages' })).toBeVisible();
  const night = page.getByRole('switch', { name: 'Send at night too' });
  if (!(await night.isChecked())) {
    await night.check({ force: true });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Everything is saved.')).toBeVisible();
  }

  // A delivery whose recipient has a mobile number (written as people write it), carried by the demo's driver.
  const name = `Texted run ${Date.now().toString(36)}`;
  const local = `0${number.slice(3, 7)} ${number.slice(7)}`;
  const uuid = await deliveryForDriver(page, name, DRIVER.email, {
    steps: [
      {
        kind: 'pickup',
        address: {
          line1: '12 Upper Street',
          city: 'London',
          postcode: 'N1 0PQ',
          countryCode: 'GB',
          lat: 51.5362,
          lng: -0.1033,
        },
      },
      {
        kind: 'dropoff',
        address: {
          line1: '5 King Street',
          city: 'London',
          postcode: 'W6 0QA',
          countryCode: 'GB',
          lat: 51.4927,
          lng: -0.2262,
        },
        contacts: [{ firstname: 'Robin', lastname: 'Reader', phoneNumber: local, companyName: '' }],
      },
    ],
  });

  // The driver collects it and sets off to the recipient: "on the way", with the link, reaches the phone.
  const api = await driverPhone(browser, DRIVER);
  await api.move(uuid, 'en-route-to-pickup', 'at-pickup', 'picked-up', 'en-route-to-dropoff');
  await api.send(51.5, -0.2);
  await expect.poll(async () => (await textsTo(number)).length, { timeout: 30_000 }).toBe(1);
  const [onTheWay] = await textsTo(number);
  expect(onTheWay!.body).toContain('Hi Robin, your delivery from Demo Shipper');
  const link = /http:\/\/127\.0\.0\.1:\d+(\/track\/[\w-]{40,})/.exec(onTheWay!.body)?.[1];
  expect(link).toBeTruthy();

  // The driver's phone shows the delivery, open on its next stop.
  const driverContext = await browser.newContext(PHONE);
  const driver = await driverContext.newPage();
  await signInThroughApi(driver, DRIVER);
  await driver.goto(`/DriverDeliveryDetail/${uuid}`);
  await expect(driver.getByTestId('next-stop-address')).toContainText('5 King Street');
  await expect(driver.getByTestId('stop-recipient-instructions')).toHaveCount(0);

  // The recipient opens the link on their phone, signed out, and writes what the driver needs to know.
  const recipientContext = await browser.newContext(PHONE);
  const tab = await recipientContext.newPage();
  await tab.goto(link!);
  await expect(tab.getByTestId('tracking-status')).toHaveText('On its way to you');
  await tab.getByLabel('Door or gate code').fill('4321#');
  await tab.getByLabel('Safe place').fill('Behind the blue gate');
  await tab.getByLabel('Call me when you arrive').check({ force: true });
  await tab.getByRole('button', { name: 'Save instructions' }).click();
  await expect(tab.getByTestId('instructions-outcome')).toContainText('Saved: your driver will see these');

  // They reach the driver's open screen without a reload.
  const note = driver.getByTestId('stop-recipient-instructions');
  await expect(note).toContainText('4321#');
  await expect(note).toContainText('Behind the blue gate');
  await expect(note).toContainText('Call on arrival');

  // Handed over with the recipient's code, then delivered.
  await signInThroughApi(page, DEMO_ADMIN);
  const delivery = (await (
    await page.request.get(`/api/v1/c/demo-shipper/admin/delivery/${uuid}`)
  ).json()) as {
    data: {
      handoverPin: string;
      deliverySteps: {
        deliveryStepTasks: { deliveryStepTaskUuid: string; deliveryStepTaskTypeSlug: string }[];
      }[];
    };
  };
  const dropoffTask = delivery.data.deliverySteps[1]!.deliveryStepTasks.find(
    (t) => t.deliveryStepTaskTypeSlug === 'dropoff',
  )!;
  await api.move(uuid, 'at-dropoff');
  await signInThroughApi(driver, DRIVER);
  const handed = await driver.request.post(`/api/v1/driver/delivery/${uuid}/doc/step/task/pin`, {
    headers: await xsrfHeaders(driver),
    data: { deliveryStepTaskUuid: dropoffTask.deliveryStepTaskUuid, pin: delivery.data.handoverPin },
  });
  expect(handed.status()).toBe(201);
  await api.move(uuid, 'delivered');

  // The recipient's page says how and where it was left, and no longer that it updates by itself.
  await expect(tab.getByTestId('tracking-handed-over')).toHaveText('Handed over with your code.');
  await expect(tab.getByTestId('tracking-safe-place')).toContainText('Behind the blue gate');
  await expect(tab.getByText(/updates by itself/)).toHaveCount(0);
  await expect.poll(async () => (await textsTo(number)).length, { timeout: 30_000 }).toBe(2);
  expect((await textsTo(number))[1]!.body).toContain('(handed over with your code)');

  // A rating, with the keyboard (Space chooses a star; Enter would send the form at once, as in any form).
  await tab.getByRole('radio', { name: '4 stars' }).focus();
  await tab.keyboard.press('Space');
  await tab.getByLabel('Comment (optional)').fill('Left exactly where I asked');
  await tab.getByRole('button', { name: 'Send my rating' }).click();
  await expect(tab.getByTestId('tracking-rating')).toContainText('Left exactly where I asked');
  await expectNoErrorScreen(tab);

  // The office sees both messages on the delivery, and the rating.
  await page.goto(`/DeliveryDetail/${uuid}`);
  const log = page.getByRole('list', { name: 'Messages to recipient' });
  await expect(log).toContainText('On the way');
  await expect(log).toContainText('Delivered');
  await expect(log).toContainText(number);
  await expect(page.getByText('Left exactly where I asked')).toBeVisible();
  await expectNoErrorScreen(page);

  await Promise.all([api.close(), driverContext.close(), recipientContext.close()]);
});
