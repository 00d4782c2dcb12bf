import { expect, test, type Page } from '@playwright/test';
import { DEMO_ADMIN, expectNoErrorScreen, signInThroughApi } from './fixtures';

const COURIER_ADMIN = { email: 'admin@courier.test', password: 'demo-password' };

/** The uuid of the demo delivery that the demo courier carries for the demo shipper. */
async function carriedDeliveryUuid(page: Page): Promise<string> {
  const res = await page.request.get('/api/v1/c/demo-courier/admin/delivery?search=Wedding');
  expect(res.status()).toBe(200);
  const [delivery] = ((await res.json()) as { data: { uuid: string }[] }).data;
  expect(delivery).toBeDefined();
  return delivery!.uuid;
}

test("the carrier works a shipper's delivery without the owner's controls", async ({ page }) => {
  await signInThroughApi(page, COURIER_ADMIN);
  const uuid = await carriedDeliveryUuid(page);
  await page.goto(`/DeliveryDetail/${uuid}`);
  await expect(page.getByRole('heading', { name: 'Wedding bouquets to Hackney' })).toBeVisible();
  await expect(page.getByTestId('carried-note')).toContainText('You carry this delivery for its owner');
  await expect(page.getByRole('button', { name: 'Add a step' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add a parcel' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add quote' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancel delivery' })).toHaveCount(0);
  // The carrier assigns its own vehicle and drivers.
  await expect(page.getByRole('button', { name: 'Link vehicle and drivers' })).toBeVisible();
  await expectNoErrorScreen(page);
});

test('the owner keeps its controls on a carried delivery but leaves the assignment to the carrier', async ({
  page,
}) => {
  await signInThroughApi(page, COURIER_ADMIN);
  const uuid = await carriedDeliveryUuid(page);
  await page.context().clearCookies();
  await signInThroughApi(page, DEMO_ADMIN);
  await page.goto(`/DeliveryDetail/${uuid}`);
  await expect(page.getByRole('button', { name: 'Add a step' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add quote' })).toBeVisible();
  await expect(page.getByText('Its carrier assigns the vehicle and drivers.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Link vehicle and drivers' })).toHaveCount(0);
});
