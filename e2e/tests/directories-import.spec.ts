import { expect, test } from '@playwright/test';
import { signInThroughApi } from './fixtures.ts';

/** 50 addresses under one label prefix; data rows 10 and 33 (file rows 11 and 34) are broken. */
function addressesCsv(prefix: string): string {
  const lines = ['label,line1,line2,city,postcode,countryCode,lat,lng'];
  for (let i = 1; i <= 50; i++) {
    if (i === 10) lines.push(`${prefix} ${i},,,London,N1 1AA,GB,,`);
    else if (i === 33) lines.push(`${prefix} ${i},${i} Mill Lane,,London,N1 1AA,GBR,,`);
    else
      lines.push(`${prefix} ${i},${i} Mill Lane,Unit ${i},London,N${(i % 20) + 1} 1AA,GB,51.5${i},-0.1${i}`);
  }
  return `${lines.join('\n')}\n`;
}

test('imports a CSV of 50 addresses with 2 bad rows: 48 saved, the 2 reported by row', async ({ page }) => {
  await signInThroughApi(page);
  const prefix = `E2E${Date.now().toString(36)}`;
  await page.goto('/Addresses');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import addresses from CSV' });
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'addresses.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(addressesCsv(prefix)),
  });
  await expect(dialog.getByText('50 rows found')).toBeVisible();
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();

  await expect(dialog.getByTestId('import-summary')).toHaveText('48 saved, 2 not imported.');
  const report = dialog.getByRole('table', { name: 'Rows not imported' });
  await expect(report.locator('tbody tr[data-row="11"]')).toContainText('line1');
  await expect(report.locator('tbody tr[data-row="34"]')).toContainText('countryCode');
  await expect(report.locator('tbody tr:not([data-row="11"]):not([data-row="34"])')).toHaveCount(0);
  await expect(page.getByText('Import Finished', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();

  // The list refreshed: 48 of this file's addresses, and neither broken row.
  await page.getByLabel('Search addresses').fill(prefix);
  await expect(page.getByText('Showing 1–25 of 48')).toBeVisible();
  await page.getByLabel('Search addresses').fill(`${prefix} 10`);
  await expect(page.getByText(`${prefix} 10`, { exact: true })).toHaveCount(0);
});
