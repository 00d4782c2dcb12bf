import { expect, test } from '@playwright/test';
import { PHONE, signInThroughApi } from './fixtures.ts';

// Orders imported from a shop's CSV export (issue 34): its own column names matched to our fields, the rows checked
// before sending, sent through the batch path, a report per row; the same file again refuses every order already
// made, naming it.

function ordersCsv(prefix: string): string {
  return [
    'Order No,Customer,Pickup street,Pickup town,Pickup postcode,Ship to street,Ship to city,Ship to postcode,Item,Qty,Weight',
    `${prefix}-1,Zoë Łukasiewicz,1 Upper Street,London,N1 0PQ,10 Mare Street,London,E8 1HE,Shoes,1,"1,2"`,
    `${prefix}-2,Ann Smith,1 Upper Street,London,N1 0PQ,5 King Street,London,,Hat,2,0.5`,
    `${prefix}-3,Bob Jones,1 Upper Street,London,N1 0PQ,22 Camden High St,London,NW1 0JH,Coat,1,2`,
    '',
  ].join('\n');
}

test.use(PHONE);

test('imports a shop export at phone width: columns matched, a bad row told, the rest created, then refused again', async ({
  page,
}) => {
  await signInThroughApi(page);
  const prefix = `E2E${Date.now().toString(36)}`.toUpperCase();
  await page.goto('/ShipperDashboard');
  await page.getByRole('link', { name: 'Import orders' }).click();
  await expect(page).toHaveURL(/\/DeliveryImport$/);

  const importFile = async () => {
    await page.locator('input[type="file"]').setInputFiles({
      name: 'shop-orders.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(ordersCsv(prefix)),
    });
    // The shop's headers are matched to our fields without help.
    await expect(page.getByRole('heading', { name: 'Match the columns' })).toBeVisible();
    await page.getByRole('button', { name: 'Check the rows' }).click();
    await expect(page.getByRole('heading', { name: 'Check the rows' })).toBeVisible();
  };

  await importFile();
  await expect(page.getByText('3 rows: 2 ready, 1 with problems')).toBeVisible();
  await page.getByRole('button', { name: 'Import 2 orders' }).click();
  await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('2 deliveries created, 1 row not imported.')).toBeVisible();
  await expect(page.getByText('Ship to postcode: Postcode is required')).toBeVisible();

  // The delivery made from the first row carries the order number and the recipient's name.
  await page.getByText('Created (2)').click();
  await page
    .getByRole('row', { name: new RegExp(`${prefix}-1`) })
    .getByRole('link')
    .click();
  await expect(page.getByText(`Order no. ${prefix}-1`)).toBeVisible();

  // The same file again: the orders made are refused by their number, each linked to its delivery.
  await page.goto('/DeliveryImport');
  await importFile();
  await page.getByRole('button', { name: 'Import 2 orders' }).click();
  await expect(page.getByText('0 deliveries created, 3 rows not imported.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(`Order ${prefix}-1 exists already`)).toBeVisible();
  await expect(page.getByRole('link', { name: `Open the delivery of order ${prefix}-1` })).toBeVisible();
});
