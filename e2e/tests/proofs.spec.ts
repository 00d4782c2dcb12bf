import { expect, test } from '@playwright/test';
import { drawSignature, signInThroughApi } from './fixtures.ts';

const SLUG = 'demo-shipper';

test('signs a proof of delivery on the pad and sees it in the gallery', async ({ page }) => {
  await signInThroughApi(page);
  const res = await page.request.get(`/api/v1/c/${SLUG}/admin/delivery?per_page=1`);
  const uuid = ((await res.json()) as { data: { uuid: string }[] }).data[0]?.uuid ?? '';
  await page.goto(`/DeliveryDetail/${uuid}`);
  const panel = page.getByRole('region', { name: 'Proofs of delivery' });
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
  await signInThroughApi(page);
  const res = await page.request.get(`/api/v1/c/${SLUG}/admin/delivery?per_page=1`);
  const uuid = ((await res.json()) as { data: { uuid: string }[] }).data[0]?.uuid ?? '';
  await page.goto(`/DeliveryDetail/${uuid}`);
  const panel = page.getByRole('region', { name: 'Proofs of delivery' });
  await panel.locator('input[type=file]').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a proof'),
  });
  await panel.getByRole('button', { name: 'Upload proof' }).click();
  await expect(panel.getByText('Use a PNG, JPEG, WebP or PDF file')).toBeVisible();
});
