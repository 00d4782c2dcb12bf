import { expect, test } from '@playwright/test';
import { signInThroughApi } from './fixtures.ts';

const SLUG = 'demo-shipper';

test('signs a proof of delivery on the pad and sees it in the gallery', async ({ page }) => {
  await signInThroughApi(page);
  const res = await page.request.get(`/api/v1/c/${SLUG}/admin/delivery?per_page=1`);
  const uuid = ((await res.json()) as { data: { uuid: string }[] }).data[0]?.uuid ?? '';
  await page.goto(`/DeliveryDetail/${uuid}`);
  const panel = page.getByRole('region', { name: 'Proofs of delivery' });
  await expect(panel.getByRole('form', { name: 'Upload a proof' })).toBeVisible();

  await panel.getByText('Signature', { exact: true }).click();
  const pad = panel.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('No signature pad');
  await page.mouse.move(box.x + 20, box.y + box.height * 0.7);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++)
    await page.mouse.move(box.x + 20 + i * 20, box.y + box.height * (i % 2 ? 0.3 : 0.7), { steps: 2 });
  await page.mouse.up();

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
