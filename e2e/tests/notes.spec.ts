import { expect, test, type Page } from '@playwright/test';
import { signInThroughApi } from './fixtures.ts';

const SLUG = 'demo-shipper';

/** The uuid of one of the demo company's deliveries, from the API with the page's session. */
async function someDeliveryUuid(page: Page): Promise<string> {
  const res = await page.request.get(`/api/v1/c/${SLUG}/admin/delivery?per_page=1`, {
    headers: { Accept: 'application/json' },
  });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { data: { uuid: string }[] };
  const uuid = body.data[0]?.uuid;
  if (!uuid) throw new Error('The demo company has no delivery');
  return uuid;
}

test('adds, replies to, edits and deletes a note on a delivery', async ({ page }) => {
  await signInThroughApi(page);
  await page.goto(`/DeliveryDetail/${await someDeliveryUuid(page)}`);
  const panel = page.getByRole('region', { name: 'Notes' });
  const message = `Ring the back door ${Date.now().toString(36)}`;

  await panel.getByLabel('New note').fill(message);
  await panel.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByText('Note successfully created.', { exact: true })).toBeVisible();
  const note = panel.getByRole('listitem').filter({ hasText: message });
  await expect(note).toBeVisible();
  await expect(note.getByText('You', { exact: true })).toBeVisible();

  await note.getByRole('button', { name: 'Reply' }).click();
  await note.getByRole('textbox', { name: 'Reply' }).fill('Noted, will do.');
  await note.getByRole('button', { name: 'Reply' }).last().click();
  await expect(note.getByRole('list', { name: 'Replies (1)' })).toContainText('Noted, will do.');

  await note.getByRole('button', { name: 'Edit note' }).first().click();
  await note.getByRole('textbox', { name: 'Edit note' }).fill(`${message} (edited)`);
  await note.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Note successfully updated.', { exact: true })).toBeVisible();
  await expect(note.getByTestId('note-message').first()).toHaveText(`${message} (edited)`);

  await note.getByRole('button', { name: 'Delete note' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Delete this note?' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Note successfully deleted.', { exact: true })).toBeVisible();
  await expect(panel.getByText(message)).toHaveCount(0);

  // The note stays deleted after a reload.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Notes' }).getByLabel('New note')).toBeVisible();
  await expect(page.getByText(message)).toHaveCount(0);
});

test('writes a note on a vehicle from the vehicle list', async ({ page }) => {
  await signInThroughApi(page);
  await page.goto('/VehicleManage');
  await page
    .getByRole('button', { name: /^Notes on / })
    .first()
    .click();
  const drawer = page.getByRole('dialog', { name: /^Notes on / });
  const message = `Tyre pressure checked ${Date.now().toString(36)}`;
  await drawer.getByLabel('New note').fill(message);
  await drawer.getByRole('button', { name: 'Add note' }).click();
  await expect(drawer.getByText(message)).toBeVisible();
  await expect(drawer.getByText(/^\d+ notes?$/)).toBeVisible();
});
