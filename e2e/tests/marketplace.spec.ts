import { expect, test, type Page } from '@playwright/test';
import { createDelivery, expectNoErrorScreen, signInThroughApi, xsrfHeaders } from './fixtures';

const COURIER_ADMIN = { email: 'admin@courier.test', password: 'demo-password' };
const COURIER_DRIVER = { email: 'driver@courier.test', password: 'demo-password' };

async function chooseOption(page: Page, label: string, option: RegExp): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

test('a shipper offers a delivery, a courier bids the suggested price, wins it and its driver gets it', async ({
  page: shipper,
  browser,
}) => {
  // Three people in three browser contexts: a long journey on a shared two-core machine.
  test.slow();
  const name = `Auction run ${Date.now().toString(36)}`;
  await signInThroughApi(shipper);
  const deliveryUuid = await createDelivery(shipper, name);

  const courierContext = await browser.newContext();
  const courier = await courierContext.newPage();
  await signInThroughApi(courier, COURIER_ADMIN);
  // A depot in Hackney, so the courier is matched and gets a suggested price (the seed may already have it).
  const rates = await courier.request.get('/api/v1/c/demo-courier/admin/bid-rates');
  const current = ((await rates.json()) as { data: Record<string, unknown> }).data;
  const put = await courier.request.put('/api/v1/c/demo-courier/admin/bid-rates', {
    headers: await xsrfHeaders(courier),
    data: { ...current, depot: { label: 'Hackney', lat: 51.545, lng: -0.055 }, currencyCode: 'GBP' },
  });
  expect(put.status()).toBe(200);

  // The shipper's admin offers it from the delivery's page.
  await shipper.goto(`/DeliveryDetail/${deliveryUuid}`);
  await expect(shipper.getByRole('heading', { name })).toBeVisible();
  await shipper.getByRole('button', { name: 'Offer for bids' }).click();
  const publish = shipper.getByRole('dialog', { name: 'Offer for bids' });
  await chooseOption(shipper, 'Vehicle size needed', /^Small van$/);
  await publish.getByLabel(/^Notes for couriers/).fill('Two boxes, ground floor.');
  await publish.getByRole('button', { name: 'Offer for bids' }).click();
  await expect(publish).toHaveCount(0);
  await shipper.getByRole('link', { name: 'See the bids' }).click();
  await expect(shipper).toHaveURL(/\/BidDetail\?uuid=/);
  const auctionUuid = new URL(shipper.url()).searchParams.get('uuid') ?? '';
  await expect(shipper.getByTestId('auction-state')).toHaveText('Open');
  await expect(shipper.getByText('No bids yet.', { exact: false })).toBeVisible();

  // The courier's admin finds it on /BidsOpen and bids the suggested price.
  await courier.goto('/BidsOpen');
  const card = courier
    .getByRole('article')
    .filter({ has: courier.locator(`a[href="/BidDetail?uuid=${auctionUuid}"]`) });
  await expect(card).toContainText('Two boxes, ground floor.');
  const suggested = (await card.getByTestId('suggested-price').textContent()) ?? '';
  expect(suggested).toMatch(/^£/);
  await card.getByRole('button', { name: 'Bid', exact: true }).click();
  const bidForm = courier.getByRole('dialog', { name: 'Place a bid' });
  await expect(bidForm.getByLabel(/^Your price/)).toHaveValue(suggested.replace('£', ''));
  await bidForm.getByRole('button', { name: 'Place bid' }).click();
  await expect(bidForm).toHaveCount(0);
  await expect(card.getByTestId('my-bid-price')).toHaveText(suggested);

  // The shipper sees the bid arrive without a reload (the live stream) and accepts it.
  const bid = shipper.getByRole('article', { name: 'Bid from Demo Courier Co' });
  await expect(bid).toContainText(suggested);
  await bid.getByRole('button', { name: 'Accept' }).click();
  await shipper.getByRole('dialog').getByRole('button', { name: 'Accept bid' }).click();
  await expect(shipper.getByTestId('auction-state')).toHaveText('Awarded');

  // The courier has won: it opens the delivery and assigns its own driver.
  await courier.goto(`/BidDetail?uuid=${auctionUuid}`);
  await expect(courier.getByText('You won this delivery')).toBeVisible();
  // The auction does not name the delivery to the winner (the API gives it to the owner only): open it directly.
  await courier.goto(`/DeliveryDetail/${deliveryUuid}`);
  await expect(courier.getByRole('heading', { name })).toBeVisible();
  await expect(courier.getByTestId('carried-note')).toBeVisible();
  await chooseOption(courier, 'Vehicle', /^Courier van 1/);
  await chooseOption(courier, 'Drivers', /^Mia Novak/);
  await courier.keyboard.press('Escape');
  await courier.getByRole('button', { name: 'Link vehicle and drivers' }).click();
  await expect(courier.getByTestId('current-assignment')).toContainText('Mia Novak');
  await expectNoErrorScreen(courier);
  await courierContext.close();

  // Mia's app shows it.
  const driverContext = await browser.newContext();
  const phone = await driverContext.newPage();
  await signInThroughApi(phone, COURIER_DRIVER);
  await phone.goto('/DriverDashboard');
  await expect(phone.getByTestId('driver-delivery-card').filter({ hasText: name })).toBeVisible();
  await driverContext.close();
});
