import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInThroughApi } from './fixtures.ts';

/** A registration number no other test run uses. */
const uniqueRegistration = () => `E2E${Date.now().toString(36).toUpperCase().slice(-6)}`;

async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The red, green and blue of an element's computed background. */
async function backgroundOf(tag: Locator): Promise<[number, number, number]> {
  const css = await tag.evaluate((el) => getComputedStyle(el).backgroundColor);
  const [r = 0, g = 0, b = 0] = (css.match(/[\d.]+/g) ?? []).map(Number);
  return [r, g, b];
}

test('adds a vehicle, sees it in the list, changes its status and sees the tag colour change', async ({
  page,
}) => {
  await signInThroughApi(page);
  const registration = uniqueRegistration();
  const name = `E2E van ${registration}`;

  await page.goto('/VehicleAdd');
  await page.getByLabel(/^Name/).fill(name);
  await page.getByLabel(/^Registration number/).fill(registration);
  await chooseOption(page, 'Size', 'Small van');
  await page.getByRole('button', { name: 'Add vehicle', exact: true }).click();

  await expect(page).toHaveURL(/\/VehicleManage$/);
  await expect(page.getByText('Vehicle Added')).toBeVisible();
  // The search is sent after a pause; the list is re-drawn when it answers, so wait for that answer before
  // working in a row (a menu opened in the old row would vanish with it).
  const searched = page.waitForResponse(
    (r) => r.url().includes('/admin/vehicle?') && r.url().includes(registration) && r.ok(),
  );
  await page.getByLabel('Search vehicles').fill(registration);
  await searched;
  const row = page.locator('tbody tr', { hasText: registration });
  await expect(row).toHaveCount(1);
  await expect(row.getByText(name)).toBeVisible();
  await expect(row.getByText('Small van')).toBeVisible();
  await expect(row.locator('[data-picture="van-small"]')).toHaveCount(1);

  // A new vehicle is available: the green-teal "success" tag.
  const tag = row.locator('[data-tag]');
  await expect(tag).toHaveAttribute('data-tag', 'success');
  await expect(tag).toHaveAttribute('data-color', 'teal');
  // The painted colour follows the attribute a frame later: wait for it rather than read it once.
  await expect
    .poll(async () => {
      const [r, g] = await backgroundOf(tag);
      return g > r;
    })
    .toBe(true);

  // On a busy machine the first click can land before the menu is ready: open it until it shows.
  const maintenance = page.getByRole('menuitem', { name: 'Maintenance', exact: true });
  await expect(async () => {
    if (!(await maintenance.isVisible()))
      await row.getByRole('button', { name: /^Status of .*Change status$/ }).click();
    await expect(maintenance).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await maintenance.click();
  await expect(page.getByText('Status Changed')).toBeVisible();

  // Maintenance is red, in the attribute and in the colour the browser paints.
  await expect(tag).toHaveAttribute('data-tag', 'red');
  await expect(tag).toHaveAttribute('data-color', 'red');
  await expect(tag).toHaveText('Maintenance');
  await expect
    .poll(async () => {
      const [r, g] = await backgroundOf(tag);
      return r > g;
    })
    .toBe(true);

  // The change is the server's, not only the screen's.
  await page.reload();
  await page.getByLabel('Search vehicles').fill(registration);
  await expect(page.locator('tbody tr', { hasText: registration }).locator('[data-tag]')).toHaveAttribute(
    'data-tag',
    'red',
  );
});

test('refuses a registration number the company already has, on the field', async ({ page }) => {
  await signInThroughApi(page);
  const registration = uniqueRegistration();
  for (const attempt of [1, 2]) {
    await page.goto('/VehicleAdd');
    await page.getByLabel(/^Name/).fill(`E2E duplicate ${attempt}`);
    await page.getByLabel(/^Registration number/).fill(registration);
    await page.getByRole('button', { name: 'Add vehicle', exact: true }).click();
    if (attempt === 1) await expect(page).toHaveURL(/\/VehicleManage$/);
  }
  await expect(page).toHaveURL(/\/VehicleAdd$/);
  await expect(page.getByText('Error 409')).toBeVisible();
  await expect(page.getByLabel(/^Registration number/)).toHaveAttribute('aria-invalid', 'true');
  await expect(
    page.getByRole('region', { name: 'Vehicle' }).getByText(/already in your company/),
  ).toBeVisible();
});

/** The registrations of the rows in view, in the list's order (rows are placed by index, not by DOM order). */
async function registrationsInView(page: Page): Promise<string[]> {
  return page.locator('tbody tr[aria-rowindex]').evaluateAll((rows) =>
    rows
      .map((row) => ({
        index: Number(row.getAttribute('aria-rowindex')),
        registration: row.querySelectorAll('td')[1]?.textContent ?? '',
      }))
      .sort((a, b) => a.index - b.index)
      .map((row) => row.registration),
  );
}

test('sorts the vehicles by a column from its header, then the other way, in the server order', async ({
  page,
}) => {
  await signInThroughApi(page);
  await page.goto('/VehicleManage');
  const header = page.getByRole('columnheader', { name: 'Registration' });
  await expect(page.locator('tbody tr[aria-rowindex="2"]')).toBeVisible();
  await expect(header).not.toHaveAttribute('aria-sort');

  for (const order of ['asc', 'desc'] as const) {
    const answered = page.waitForResponse(
      (r) =>
        r.url().includes('/admin/vehicle?') &&
        r.url().includes(`order=${order}`) &&
        r.url().includes('sort=registrationNumber') &&
        r.ok(),
    );
    await header.getByRole('button').click();
    const body = (await (await answered).json()) as { data: { registrationNumber: string }[] };
    await expect(page).toHaveURL(
      new RegExp(`sort=registrationNumber.*order=${order}|order=${order}.*sort=registrationNumber`),
    );
    await expect(header).toHaveAttribute('aria-sort', order === 'asc' ? 'ascending' : 'descending');
    await expect
      .poll(async () => (await registrationsInView(page)).slice(0, 3))
      .toEqual(body.data.slice(0, 3).map((v) => v.registrationNumber));
  }
});
