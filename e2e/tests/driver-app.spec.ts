import { expect, test, type Page } from '@playwright/test';
import {
  addInvitedMember,
  DEMO_ADMIN,
  deliveryForDriver as deliveryFor,
  expectNoErrorScreen,
  expectQueueDrained,
  signInThroughApi,
  signInThroughForm,
  drawSignature,
  xsrfHeaders,
} from './fixtures.ts';

// A phone held in one hand: the driver's screens are built for it first.
test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

const DRIVER = { email: 'driver2@shipper.test', password: 'demo-password' };

const deliveryForDriver = (page: Page, name: string) => deliveryFor(page, name, DRIVER.email);

/** A status button, then its confirmation (the driver cannot undo a move). */
async function move(page: Page, button: string, status: string) {
  await page.getByRole('button', { name: button }).first().click();
  await page.getByRole('dialog').getByRole('button', { name: button }).click();
  await expect(page.getByTestId('driver-delivery-status').first()).toHaveText(status);
}

test('a driver carries a delivery from the phone and the admin sees what happened', async ({ page }) => {
  const name = `Phone run ${Date.now().toString(36)}`;
  const uuid = await deliveryForDriver(page, name);

  // The driver lands on their own dashboard. They carry the demo's delivery under way, so saying they are
  // available keeps them on delivery until it ends (decision 015).
  await signInThroughForm(page, DRIVER, '/DriverDashboard');
  await expect(page.getByRole('heading', { name: 'Driver Dashboard' })).toBeVisible();
  await page
    .getByRole('group', { name: 'Set my availability' })
    .getByRole('button', { name: 'Available', exact: true })
    .click();
  await expect(page.getByTestId('my-status')).toHaveText('On delivery');

  // The delivery shows its next stop first: the pickup, with what to do there.
  const card = page.getByTestId('driver-delivery-card').filter({ hasText: name });
  await expect(card).toContainText('12 Upper Street');
  await expect(card).toContainText('Pick up 1 parcel');
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/DriverDeliveryDetail/${uuid}$`));

  // The next stop, large, with a way to call and to navigate.
  await expect(page.getByTestId('next-stop-address')).toContainText('12 Upper Street');
  await expect(page.getByRole('link', { name: 'Call Sam Sender' })).toHaveAttribute(
    'href',
    'tel:+447700900111',
  );
  await expect(page.getByRole('link', { name: 'Navigate' })).toHaveAttribute(
    'href',
    /^geo:51\.5362,-0\.1033/,
  );
  await expect(page.getByRole('region', { name: 'To collect here' })).toContainText('Box of books');
  await expect(page.getByTestId('delivery-map')).toBeVisible();

  await move(page, 'Start: en route to pickup', 'En route to pickup');
  await move(page, 'Arrived at pickup', 'At pickup');
  await move(page, 'Mark picked up', 'Picked up');
  // Picked up: the next stop is the dropoff.
  await expect(page.getByTestId('next-stop-address')).toContainText('5 King Street');

  // Just picked up, the driver still stands at the pickup: a proof is the pickup's unless they choose (issue 33).
  const proof = page.getByRole('region', { name: 'Proof of delivery' });
  const forTask = proof.getByRole('combobox', { name: 'For' });
  await expect(forTask).toHaveValue(/^Stop 1 · /);
  // A signature on the pad, on the dropoff's signature task.
  await forTask.click();
  await page.getByRole('option', { name: 'Stop 2 · Collect a signature' }).click();
  await expect(forTask).toHaveValue('Stop 2 · Collect a signature');
  await drawSignature(page, proof);
  await proof.getByLabel('Signed by').fill('Jo Recipient');
  await proof.getByRole('button', { name: 'Send proof' }).click();
  await expect(page.getByText('signature.png has been added to the delivery.')).toBeVisible();
  await expect(proof.getByTestId('sent-proofs').getByRole('img', { name: 'Jo Recipient' })).toBeVisible();

  // A note for the office.
  const notes = page.getByRole('region', { name: 'Notes' });
  const message = `Collected from the back door ${Date.now().toString(36)}`;
  await notes.getByLabel('New note').fill(message);
  await notes.getByRole('button', { name: 'Add note' }).click();
  await expect(notes.getByTestId('note-message').filter({ hasText: message })).toBeVisible();
  await expectNoErrorScreen(page);
  await expectQueueDrained(page);

  // The shipper's admin sees the moves in order, once each, the proof and the note.
  await page.context().clearCookies();
  await signInThroughApi(page, DEMO_ADMIN);
  await page.goto(`/DeliveryDetail/${uuid}`);
  const history = page.getByTestId('status-history');
  await expect(history).toContainText('Picked up');
  const labels = await history.locator('[data-tag]').allInnerTexts();
  expect(labels.slice(0, 4)).toEqual(['Picked up', 'At pickup', 'En route to pickup', 'Assigned']);
  const gallery = page.getByRole('region', { name: 'Proofs of delivery' }).getByTestId('proof-gallery');
  await expect(gallery.getByRole('button', { name: 'Open Jo Recipient' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Notes' }).getByText(message)).toBeVisible();
});

test('a driver reports a failed attempt with a reason and a photo', async ({ page }) => {
  const name = `Failed run ${Date.now().toString(36)}`;
  const uuid = await deliveryForDriver(page, name);
  await signInThroughApi(page, DRIVER);
  await page.goto(`/DriverDeliveryDetail/${uuid}`);
  await move(page, 'Start: en route to pickup', 'En route to pickup');

  await page.getByRole('button', { name: 'Report a problem' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report a problem' });
  await dialog.getByRole('combobox', { name: 'What went wrong?' }).click();
  await page.getByRole('option', { name: 'Address not found' }).click();
  await dialog.getByLabel('Details (optional)').fill('No number 12 on the street');
  await dialog.getByLabel('Add a photo (optional)').setInputFiles({
    name: 'street.png',
    mimeType: 'image/png',
    // A 1x1 PNG.
    buffer: Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    ),
  });
  await expect(dialog.getByRole('img', { name: 'The photo to send' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Report failed attempt' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('driver-delivery-status').first()).toHaveText('Failed');
  // A failed delivery goes back to its sender.
  await expect(page.getByRole('button', { name: 'Mark returned' })).toBeVisible();
  await expectQueueDrained(page);

  await page.context().clearCookies();
  await signInThroughApi(page, DEMO_ADMIN);
  await page.goto(`/DeliveryDetail/${uuid}`);
  await expect(page.getByTestId('status-history')).toContainText(
    'Address not found: No number 12 on the street',
  );
  await expect(page.getByRole('button', { name: 'Open Failed attempt: Address not found' })).toBeVisible();
});

test('a driver with nothing assigned sees a clear empty state, and an admin who does not drive sees the drivers', async ({
  page,
  browser,
}, testInfo) => {
  // A driver just added by the courier's admin: nothing assigned yet (the demo drivers all have today's work).
  const email = `new.driver.${Date.now().toString(36)}@courier.test`;
  await signInThroughApi(page, { email: 'admin@courier.test', password: 'demo-password' });
  await addInvitedMember(page, testInfo.project.use.baseURL!, {
    companySlug: 'demo-courier',
    email,
    firstname: 'Noor',
    lastname: 'New',
    password: 'demo-password',
  });
  await page.context().clearCookies();
  await signInThroughApi(page, { email, password: 'demo-password' });
  await page.goto('/DriverDashboard');
  await expect(page.getByRole('heading', { name: 'No deliveries for you right now' })).toBeVisible();

  // Issue 33: the company's drivers and their day, a way to add one, and none of the driver's own controls. In a
  // browser of its own: this one remembers the courier's company as the current one.
  const office = await browser.newContext({ baseURL: testInfo.project.use.baseURL! });
  const admin = await office.newPage();
  await signInThroughApi(admin, DEMO_ADMIN);
  await admin.goto('/DriverDashboard');
  await expect(admin.getByRole('list', { name: 'Drivers' })).toBeVisible();
  await expect(admin.getByRole('link', { name: 'Add driver' })).toBeVisible();
  await expect(admin.getByRole('heading', { name: 'This screen is for drivers' })).toHaveCount(0);
  await expect(admin.getByRole('button', { name: 'Available', exact: true })).toHaveCount(0);
  await office.close();
});

test("the recipient's handover code: a wrong one is refused at the door, the right one is the proof", async ({
  page,
}) => {
  const name = `Code run ${Date.now().toString(36)}`;
  const uuid = await deliveryForDriver(page, name);

  // The shipper's admin sees the code to give the recipient.
  await signInThroughApi(page, DEMO_ADMIN);
  await page.goto(`/DeliveryDetail/${uuid}`);
  const code = (await page.getByTestId('handover-code').innerText()).trim();
  expect(code).toMatch(/^\d{6}$/);
  const wrong = code.replace(/\d$/, (d) => String((Number(d) + 1) % 10));

  await page.context().clearCookies();
  await signInThroughApi(page, DRIVER);
  await page.goto(`/DriverDeliveryDetail/${uuid}`);
  const proof = page.getByRole('region', { name: 'Proof of delivery' });
  await proof.getByText('Code', { exact: true }).click();
  const field = proof.getByLabel('Handover code');
  await field.fill(wrong);
  await proof.getByRole('button', { name: 'Confirm code' }).click();
  await expect(proof.getByText(/That code is not right/)).toBeVisible();

  await field.fill(code);
  await proof.getByRole('button', { name: 'Confirm code' }).click();
  await expect(page.getByText('The handover code was right; it is recorded on the delivery.')).toBeVisible();

  // The office sees the confirmed code among the proofs.
  await page.context().clearCookies();
  await signInThroughApi(page, DEMO_ADMIN);
  await page.goto(`/DeliveryDetail/${uuid}`);
  const gallery = page.getByRole('region', { name: 'Proofs of delivery' }).getByTestId('proof-gallery');
  await expect(gallery.getByRole('button', { name: 'Open Handover code' })).toHaveCount(1);
  await expectNoErrorScreen(page);
});

test('a delivered delivery takes no more proof: the form gives way to what was sent (issue 33)', async ({
  page,
}) => {
  const uuid = await deliveryForDriver(page, `Done run ${Date.now().toString(36)}`);
  await signInThroughApi(page, DRIVER);
  await page.goto(`/DriverDeliveryDetail/${uuid}`);
  const proof = page.getByRole('region', { name: 'Proof of delivery' });
  await expect(proof.getByRole('button', { name: 'Send proof' })).toBeVisible();
  for (const statusSlug of [
    'en-route-to-pickup',
    'at-pickup',
    'picked-up',
    'en-route-to-dropoff',
    'at-dropoff',
    'delivered',
  ]) {
    const res = await page.request.post(`/api/v1/driver/delivery/${uuid}/status`, {
      headers: await xsrfHeaders(page),
      data: { statusSlug },
    });
    expect(res.status(), statusSlug).toBe(200);
  }
  await page.reload();
  await expect(proof.getByTestId('proofs-finished')).toBeVisible();
  await expect(proof.getByRole('button', { name: 'Send proof' })).toHaveCount(0);
  await expectNoErrorScreen(page);
});

test('a driver has no inbox: no messages dropdown, no Inbox link, no refused request', async ({ page }) => {
  const refused: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 403) refused.push(r.url());
  });
  await signInThroughApi(page, DRIVER);
  await page.goto('/DriverDashboard');
  await expect(page.getByRole('heading', { name: 'Driver Dashboard' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Notifications/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Messages/ })).toHaveCount(0);
  await page.getByRole('button', { name: /^User menu/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Inbox' })).toHaveCount(0);
  expect(refused).toEqual([]);

  // An admin has both.
  await page.context().clearCookies();
  await signInThroughApi(page, DEMO_ADMIN);
  await page.goto('/CompanyDashboard');
  await expect(page.getByRole('button', { name: /^Messages/ })).toBeVisible();
  await page.getByRole('button', { name: /^User menu/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Inbox' })).toBeVisible();
});
