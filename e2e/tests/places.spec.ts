import { expect, test, type Page } from '@playwright/test';
import { expectNoErrorScreen, signInThroughApi } from './fixtures';

// Issue 32: every address a point on the map. The test server's geocoder is the tests' own (start-server.mjs: a
// small server speaking Photon's JSON over a few London places); the base map is the built-in one (no internet).

/** Types into the address search of one place of the easy form and picks the suggestion named `option`. */
async function pickSuggestion(page: Page, index: number, typed: string, option: RegExp) {
  const search = page.getByLabel('Search for an address').nth(index);
  await search.fill(typed);
  await page.getByRole('option', { name: option }).click();
}

test('an address typed in the easy form is picked from the suggestions, and the delivery shows its stops with a distance', async ({
  page,
}) => {
  await signInThroughApi(page);
  await page.goto('/DeliveryAddEasy');
  const typeIn = page.getByText('Type it in');
  await typeIn.nth(0).click();
  await typeIn.nth(1).click();

  await pickSuggestion(page, 0, '30 Camden High', /30 Camden High Street/);
  await expect(page.getByLabel(/^Address line 1/).nth(0)).toHaveValue('30 Camden High Street');
  await expect(page.getByLabel(/^Postcode/).nth(0)).toHaveValue('NW1 0JH');
  await pickSuggestion(page, 1, '1 Canada Sq', /1 Canada Square/);
  await expect(page.getByLabel(/^City/).nth(1)).toHaveValue('London');

  await page.getByLabel('Parcel', { exact: true }).fill('Flowers');
  await page.getByLabel(/^Name/).fill(`Placed run ${Date.now().toString(36)}`);
  await page.getByRole('button', { name: 'Create delivery' }).click();
  await expect(page).toHaveURL(/\/DeliveryDetail\/[0-9a-f-]{36}$/);

  // Both stops on the map at once (their points were kept), and a real distance.
  const map = page.getByTestId('delivery-map');
  await expect(map.getByRole('img', { name: /^Step 1: pickup/ })).toBeVisible();
  await expect(map.getByRole('img', { name: /^Step 2: dropoff/ })).toBeVisible();
  await expect(page.getByTestId('map-unplaced')).toHaveCount(0);
  await expect(page.getByTestId('delivery-distance')).not.toHaveText(/^0\.00 mi/);
  await expectNoErrorScreen(page);
});

test('an address the geocoder does not know is saved, then placed by hand on the map', async ({ page }) => {
  await signInThroughApi(page);
  await page.goto('/DeliveryAddEasy');
  const typeIn = page.getByText('Type it in');
  await typeIn.nth(0).click();
  await typeIn.nth(1).click();
  await pickSuggestion(page, 0, '221B Baker', /221B Baker Street/);
  // Typed without a suggestion: saved at once, looked up after the write, not found.
  await page
    .getByLabel(/^Address line 1/)
    .nth(1)
    .fill('99 Nowhere Lane');
  await page.getByLabel(/^City/).nth(1).fill('Atlantis');
  await page
    .getByLabel(/^Postcode/)
    .nth(1)
    .fill('ZZ9 9ZZ');
  await page.getByLabel('Parcel', { exact: true }).fill('Letters');
  await page.getByLabel(/^Name/).fill(`Pinned run ${Date.now().toString(36)}`);
  await page.getByRole('button', { name: 'Create delivery' }).click();
  await expect(page).toHaveURL(/\/DeliveryDetail\/[0-9a-f-]{36}$/);

  await expect(page.getByTestId('map-unplaced')).toContainText('Step 2');
  await expect(page.getByTestId('delivery-distance')).toHaveText(/^0\.00 mi/);
  await page.getByRole('button', { name: 'Place step 2 on the map' }).click();
  await expect(page.getByTestId('map-placing')).toBeVisible();
  // The map is framed on step 1: move it a little (as arrow keys or a drag would), then place step 2 at its centre.
  await expect(page.locator('[data-testid="delivery-map"][data-base-map-state="ready"]')).toBeVisible({
    timeout: 20_000,
  });
  await page.evaluate(() =>
    (
      window as unknown as { __courierMap: { panBy(o: [number, number], opts: object): void } }
    ).__courierMap.panBy([120, 60], { duration: 0 }),
  );
  await page.getByRole('button', { name: 'Place at the centre' }).click();
  await expect(page.getByText('Stop placed')).toBeVisible();
  await expect(page.getByTestId('map-unplaced')).toHaveCount(0);
  await expect(page.getByTestId('delivery-map').getByRole('img', { name: /^Step 2: dropoff/ })).toBeVisible();
  await expect(page.getByTestId('delivery-distance')).not.toHaveText(/^0\.00 mi/);
});
