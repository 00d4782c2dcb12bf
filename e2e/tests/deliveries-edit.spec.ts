import { expect, test } from '@playwright/test';
import { createDelivery, expectNoErrorScreen, signInThroughApi } from './fixtures.ts';

test('shows the steps on a map, adds a step with an address and a contact to a task', async ({ page }) => {
  await signInThroughApi(page);
  const name = `E2E edits ${Date.now().toString(36)}`;
  const uuid = await createDelivery(page, name);

  await page.goto(`/DeliveryDetail/${uuid}`);
  await expect(page.getByRole('heading', { name })).toBeVisible();

  // The map is loaded lazily and draws into a WebGL canvas, with one numbered marker per step.
  const map = page.getByTestId('delivery-map');
  await expect(map.locator('canvas.maplibregl-canvas')).toBeVisible();
  await expect(map.getByRole('img', { name: 'Step 1: pickup' })).toBeVisible();
  await expect(map.getByRole('img', { name: 'Step 2: dropoff' })).toBeVisible();
  await expect(map.getByText('1 mi', { exact: false }).or(map.getByText(/\d+ (mi|ft)/))).toBeVisible();

  const route = page.getByRole('region', { name: 'Route' });
  await expect(route.getByTestId('timeline-step')).toHaveCount(2);

  // Add a dropoff step with a typed address: the form checks the contract's rules before sending.
  await route.getByRole('button', { name: 'Add a step' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a step' });
  await dialog.getByText('Type it in').click();
  await dialog.getByRole('button', { name: 'Add step' }).click();
  await expect(dialog.getByText('Address line 1 is required')).toBeVisible();
  await dialog.getByLabel(/^Address line 1/).fill('221B Baker Street');
  await dialog.getByLabel(/^City/).fill('London');
  await dialog.getByLabel(/^Postcode/).fill('NW1 6XE');
  await dialog.getByLabel(/^Latitude/).fill('51.5238');
  await dialog.getByLabel(/^Longitude/).fill('-0.1586');
  await dialog.getByRole('button', { name: 'Add step' }).click();
  await expect(page.getByText('Delivery Step Created')).toBeVisible();
  await expect(page.getByText('New delivery step has been added successfully')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  await expect(route.getByTestId('timeline-step')).toHaveCount(3);
  await expect(route.getByTestId('timeline-step').nth(2)).toContainText('221B Baker Street');
  await expect(map.getByRole('img', { name: 'Step 3: dropoff' })).toBeVisible();

  // Add a contact to the pickup task, from the first step's menu (keyboard: the menu opens on Enter).
  await route.getByRole('button', { name: 'Step 1 actions' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Add a contact…' }).click();
  const contact = page.getByRole('dialog', { name: 'Add a contact to a task' });
  await expect(contact.getByRole('combobox', { name: 'Task' })).toHaveValue('Step 1 · Pickup');
  await contact.getByLabel(/^First name/).fill('Grace');
  await contact.getByLabel(/^Last name/).fill('Hopper');
  await contact.getByLabel('E-mail').fill('not-an-email');
  await contact.getByRole('button', { name: 'Add contact' }).click();
  await expect(contact.getByText('Enter a valid e-mail address')).toBeVisible();
  await contact.getByLabel('E-mail').fill('grace@example.test');
  // Written as people write it, kept in E.164 with the company's country (issue 36).
  await contact.getByLabel('Phone').fill('07700 900123');
  await contact.getByRole('button', { name: 'Add contact' }).click();
  await expect(page.getByText('Contact Added to Task')).toBeVisible();
  // Shown under the step whose task it is on.
  await expect(route.getByTestId('timeline-step').first().getByTestId('step-contact')).toContainText(
    'Grace Hopper · +447700900123 · grace@example.test',
  );

  // A parcel on the dropoff of step 2, then a contact on that parcel.
  await page.getByRole('region', { name: 'Parcels' }).getByRole('button', { name: 'Add a parcel' }).click();
  const parcel = page.getByRole('dialog', { name: 'Add a parcel to a task' });
  await parcel.getByLabel(/^Parcel/).fill('Umbrella stand');
  await parcel.getByRole('button', { name: 'Add parcel' }).click();
  await expect(page.getByText('New parcel has been added to the delivery task.')).toBeVisible();
  const parcels = page.getByRole('region', { name: 'Parcels' });
  await expect(parcels.getByText('1 × Umbrella stand')).toBeVisible();
  await parcels.getByRole('button', { name: 'Add a contact to Umbrella stand' }).click();
  const parcelContact = page.getByRole('dialog', { name: 'Add a contact to Umbrella stand' });
  await parcelContact.getByLabel(/^First name/).fill('Ada');
  await parcelContact.getByLabel(/^Last name/).fill('Lovelace');
  await parcelContact.getByRole('button', { name: 'Add contact' }).click();
  await expect(page.getByText('Contact has been added to parcel')).toBeVisible();
  await expect(parcels.getByTestId('parcel-contacts')).toContainText('Ada Lovelace');

  await expectNoErrorScreen(page);
});
