import { expect, test, type Page } from '@playwright/test';
import { signInThroughApi } from './fixtures.ts';

async function chooseOption(page: Page, label: string, option: RegExp): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/** Clicks a next-status button and confirms it in the modal. */
async function move(page: Page, label: string): Promise<void> {
  await page.getByRole('button', { name: label, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: label, exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: label, exact: true })).toHaveCount(0);
}

/** Creates a delivery through /DeliveryAddEasy with typed addresses and returns its detail URL. */
async function createEasyDelivery(page: Page, name: string): Promise<string> {
  await page.goto('/DeliveryAddEasy');
  const typeIn = page.getByText('Type it in');
  await typeIn.nth(0).click();
  await typeIn.nth(1).click();
  const line1 = page.getByLabel(/^Address line 1/);
  const city = page.getByLabel(/^City/);
  const postcode = page.getByLabel(/^Postcode/);
  await line1.nth(0).fill('12 Upper Street');
  await city.nth(0).fill('London');
  await postcode.nth(0).fill('N1 0PQ');
  await line1.nth(1).fill('5 King Street');
  await city.nth(1).fill('London');
  await postcode.nth(1).fill('W6 0QA');
  await page.getByLabel('Parcel', { exact: true }).fill('Box of books');
  await page.getByLabel(/^Name/).fill(name);
  await page.getByRole('button', { name: 'Create delivery' }).click();
  await expect(page.getByText('Mission Created')).toBeVisible();
  await expect(page).toHaveURL(/\/DeliveryDetail\/[0-9a-f-]{36}$/);
  return page.url();
}

test('creates a delivery on the easy screen from two directory addresses, named after them', async ({
  page,
}) => {
  await signInThroughApi(page);
  await page.goto('/DeliveryAddEasy');
  // Directory mode is the default; the search waits for the typing to pause.
  await page.getByRole('combobox', { name: 'Pickup address' }).fill('Flower');
  await page.getByRole('option', { name: /^Flower shop — 12 Upper Street/ }).click();
  await page.getByRole('combobox', { name: 'Dropoff address' }).fill('Mare');
  await page.getByRole('option', { name: /^Customer, 10 Mare Street/ }).click();
  await page.getByLabel('Parcel', { exact: true }).fill('Tulips');
  await page.getByRole('button', { name: 'Create delivery' }).click();
  await expect(page.getByText('Mission Created')).toBeVisible();
  await expect(page).toHaveURL(/\/DeliveryDetail\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Flower shop → Customer, 10 Mare Street' })).toBeVisible();
  await expect(page.getByText('12 Upper Street').first()).toBeVisible();
  await expect(page.getByText('10 Mare Street').first()).toBeVisible();
});

test('creates a delivery the easy way, links a vehicle and driver and moves it to completed', async ({
  page,
}) => {
  await signInThroughApi(page);
  const name = `E2E delivery ${Date.now().toString(36)}`;

  const detailUrl = await createEasyDelivery(page, name);

  await page.goto('/CompanyDashboard');
  const link = page.getByRole('link', { name });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(detailUrl);
  await expect(page.getByRole('heading', { name })).toBeVisible();

  await chooseOption(page, 'Vehicle', /^Cargo bike 1/);
  await chooseOption(page, 'Drivers', /^Dan Driscoll/);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Link vehicle and drivers' }).click();
  await expect(page.getByText('Linked Vehicle and Driver')).toBeVisible();
  await expect(page.getByTestId('current-assignment')).toContainText('Dan Driscoll');
  await expect(page.getByTestId('delivery-status')).toHaveText('Assigned');

  for (const label of [
    'Start: en route to pickup',
    'Arrived at pickup',
    'Mark picked up',
    'En route to dropoff',
    'Arrived at dropoff',
    'Mark delivered',
    'Complete',
  ]) {
    await move(page, label);
  }

  await expect(page.getByTestId('delivery-status')).toHaveText('Completed');
  const history = page.getByTestId('status-history');
  for (const status of ['Completed', 'Delivered', 'Picked up', 'Assigned', 'Created']) {
    await expect(history.getByText(status, { exact: true })).toBeVisible();
  }
});

test('quotes, adds and tracks a parcel, then cancels with a cancel type', async ({ page }) => {
  await signInThroughApi(page);
  const name = `E2E quoted ${Date.now().toString(36)}`;
  const detailUrl = await createEasyDelivery(page, name);
  const deliveryUuid = detailUrl.split('/').pop() ?? '';

  const quotes = page.getByRole('region', { name: 'Quotes' });
  await quotes.getByLabel(/^Price/).fill('12.50');
  const tomorrow = new Date(Date.now() + 86_400_000);
  const local = new Date(tomorrow.getTime() - tomorrow.getTimezoneOffset() * 60_000)
    .toISOString()
    .slice(0, 16);
  await quotes.getByLabel('Valid until').fill(local);
  await quotes.getByRole('button', { name: 'Add quote' }).click();
  await expect(page.getByText('Quote Created')).toBeVisible();
  await quotes.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText('Quote Accepted')).toBeVisible();
  await expect(quotes.getByText('Accepted', { exact: true })).toBeVisible();

  await page.goto(`/ParcelAdd?deliveryUuid=${deliveryUuid}`);
  await page.getByLabel(/^Name/).fill('Desk lamp');
  await chooseOption(page, 'Task', /Step 1: Pickup/);
  await page.getByRole('button', { name: 'Add parcel' }).click();
  await expect(page.getByText('Parcel Added')).toBeVisible();
  await expect(page).toHaveURL(detailUrl);
  const parcels = page.getByRole('region', { name: 'Parcels' });
  await expect(parcels.getByText('1 × Desk lamp')).toBeVisible();
  const code = (await parcels.getByTestId('parcel-tracking-code').last().textContent()) ?? '';
  expect(code.length).toBeGreaterThanOrEqual(4);

  await page.goto('/ParcelTrack');
  await page.getByLabel('Tracking code').fill(code);
  await page.getByRole('button', { name: 'Track' }).click();
  await expect(page.getByRole('link', { name })).toBeVisible();

  await page.goto(detailUrl);
  await page.getByRole('button', { name: 'Cancel delivery', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Cancel delivery' }).click();
  await expect(dialog.getByText('Choose a cancel type')).toBeVisible();
  await chooseOption(page, 'Why is it cancelled?', /Cancelled by the shipper/);
  await dialog.getByLabel(/^Message/).fill('No longer needed');
  await dialog.getByRole('button', { name: 'Cancel delivery' }).click();
  await expect(page.getByTestId('delivery-status')).toHaveText('Cancelled');
  await expect(page.getByTestId('status-history').getByText('No longer needed')).toBeVisible();
  await expect(page.getByText('No status change is open to you now.')).toBeVisible();
});

test('the full form never fails silently: a contact without a last name is told beside its field (issue 33)', async ({
  page,
}) => {
  await signInThroughApi(page);
  await page.goto('/DeliveryAdd');
  await page.getByLabel(/^Name/).fill(`E2E silent ${Date.now().toString(36)}`);
  for (const [i, street] of ['12 Upper Street', '5 King Street'].entries()) {
    await page.getByLabel(/^Address line 1/).nth(i).fill(street);
    await page.getByLabel(/^City/).nth(i).fill('London');
    await page.getByLabel(/^Postcode/).nth(i).fill('N1 0PQ');
  }
  await page.getByLabel('Contact first name').nth(1).fill('Jo');
  await page.getByLabel('Contact phone').nth(1).fill('+447700900123');
  let posted = false;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/create-delivery')) posted = true;
  });
  await page.getByRole('button', { name: 'Create delivery' }).click();
  const lastName = page.getByLabel('Contact last name').nth(1);
  await expect(lastName).toHaveAttribute('aria-invalid', 'true');
  await expect(lastName).toBeFocused();
  await expect(lastName).toBeInViewport();
  expect(posted).toBe(false);
});

test('adds a delivery with three steps and a contact through the full form', async ({ page }) => {
  await signInThroughApi(page);
  const name = `E2E full ${Date.now().toString(36)}`;
  await page.goto('/DeliveryAdd');
  await page.getByLabel(/^Name/).fill(name);
  await page.getByRole('button', { name: 'Add a step' }).click();
  const streets = ['12 Upper Street', '5 King Street', '1 Canada Square'];
  for (const [i, street] of streets.entries()) {
    await page
      .getByLabel(/^Address line 1/)
      .nth(i)
      .fill(street);
    await page.getByLabel(/^City/).nth(i).fill('London');
    await page
      .getByLabel(/^Postcode/)
      .nth(i)
      .fill('N1 0PQ');
  }
  await page.getByLabel('Contact first name').nth(1).fill('Jo');
  await page.getByLabel('Contact last name').nth(1).fill('Recipient');
  await page.getByLabel('Parcel', { exact: true }).fill('Flowers');
  await chooseOption(page, 'Drivers', /^Dan Driscoll/);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Create delivery' }).click();
  await expect(page.getByText('Choose the vehicle the drivers will use')).toBeVisible();
  await page.getByRole('combobox', { name: 'Drivers' }).press('Backspace');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Create delivery' }).click();

  await expect(page.getByText('Mission Created')).toBeVisible();
  await expect(page).toHaveURL(/\/DeliveryDetail\/[0-9a-f-]{36}$/);
  const route = page.getByRole('region', { name: 'Route' });
  await expect(route.getByText('Step 3', { exact: true })).toBeVisible();
  await expect(route.getByText(/1 Canada Square/)).toBeVisible();
  await expect(route.getByText(/Jo Recipient/)).toBeVisible();
});
