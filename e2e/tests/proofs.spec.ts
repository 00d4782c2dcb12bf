import { expect, test, type Page } from '@playwright/test';
import { drawSignature, signInThroughApi } from './fixtures.ts';

const SLUG = 'demo-shipper';

/** Signs in as the demo admin and opens the proofs panel of the company's first delivery. */
async function openProofsPanel(page: Page) {
  await signInThroughApi(page);
  const res = await page.request.get(`/api/v1/c/${SLUG}/admin/delivery?per_page=1`);
  const uuid = ((await res.json()) as { data: { uuid: string }[] }).data[0]?.uuid ?? '';
  await page.goto(`/DeliveryDetail/${uuid}`);
  return page.getByRole('region', { name: 'Proofs of delivery' });
}

test('signs a proof of delivery on the pad and sees it in the gallery', async ({ page }) => {
  const panel = await openProofsPanel(page);
  await expect(panel.getByRole('form', { name: 'Upload a proof' })).toBeVisible();

  await panel.getByText('Signature', { exact: true }).click();
  await drawSignature(page, panel);

  const name = `Signed by Jo ${Date.now().toString(36)}`;
  await panel.getByLabel('Name').fill(name);
  await panel.getByRole('button', { name: 'Upload proof' }).click();
  await expect(page.getByText('signature.png has been added to the delivery.')).toBeVisible();

  const tile = panel.getByTestId('proof-gallery').getByRole('button', { name: `Open ${name}` });
  await expect(tile).toBeVisible();
  await expect(tile.getByRole('img')).toHaveJSProperty('complete', true);
  expect(await tile.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(
    0,
  );

  await tile.click();
  const viewer = page.getByRole('dialog', { name });
  await expect(viewer.getByText('signature.png')).toBeVisible();
  await expect(viewer.getByText(/image\/png/)).toBeVisible();
});

test('refuses a file of the wrong type on the field', async ({ page }) => {
  const panel = await openProofsPanel(page);
  await panel.locator('input[type=file]').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a proof'),
  });
  await panel.getByRole('button', { name: 'Upload proof' }).click();
  await expect(panel.getByText('Use a PNG, JPEG, WebP or PDF file')).toBeVisible();
});

test('a PDF proof downloads instead of opening in the app', async ({ page }) => {
  const panel = await openProofsPanel(page);
  await panel.getByText('Document', { exact: true }).click();
  const name = `Delivery note ${Date.now().toString(36)}`;
  await panel.getByLabel('Name').fill(name);
  await panel.locator('input[type=file]').setInputFiles({
    name: 'delivery-note.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(
      '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    ),
  });
  await panel.getByRole('button', { name: 'Upload proof' }).click();
  await expect(page.getByText('delivery-note.pdf has been added to the delivery.')).toBeVisible();

  await panel
    .getByTestId('proof-gallery')
    .getByRole('button', { name: `Open ${name}` })
    .click();
  const viewer = page.getByRole('dialog', { name });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    viewer.getByRole('link', { name: 'Download the PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('delivery-note.pdf');
  expect(await download.failure()).toBeNull();
  // The app is still where it was: nothing opened the file in its origin.
  await expect(viewer).toBeVisible();
});
