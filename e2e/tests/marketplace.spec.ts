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
  // Beside the price, the courier's record: its drivers' licences and insurance in date.
  await expect(bid.getByTestId('bidder-accreditation')).toHaveText(/\d+ drivers: \d+ licensed, \d+ insured/);
  await bid.getByRole('button', { name: 'Accept' }).click();
  await shipper.getByRole('dialog').getByRole('button', { name: 'Accept bid' }).click();
  await expect(shipper.getByTestId('auction-state')).toHaveText('Awarded');

  // The courier is told at once, on whatever screen it has open, and follows the notification to the award.
  const won = courier.getByRole('alert').filter({ hasText: 'You won a delivery' });
  await expect(won).toBeVisible();
  await won.getByRole('link', { name: 'See the award' }).click();
  await expect(courier).toHaveURL(`/BidDetail?uuid=${auctionUuid}`);
  await expect(courier.getByText('You won this delivery')).toBeVisible();
  // The winner is given its delivery: it opens it from the award.
  await courier.getByRole('link', { name: 'Open the delivery' }).click();
  await expect(courier).toHaveURL(`/DeliveryDetail/${deliveryUuid}`);
  await expect(courier.getByRole('heading', { name })).toBeVisible();
  await expect(courier.getByTestId('carried-note')).toBeVisible();
  await chooseOption(courier, 'Vehicle', /^Courier van 1/);
  await chooseOption(courier, 'Drivers', /^Mia Novak/);
  await courier.keyboard.press('Escape');
  await courier.getByRole('button', { name: 'Link vehicle and drivers' }).click();
  await expect(courier.getByTestId('current-assignment')).toContainText('Mia Novak');
  await expectNoErrorScreen(courier);

  // Mia's app shows it.
  const driverContext = await browser.newContext();
  const phone = await driverContext.newPage();
  await signInThroughApi(phone, COURIER_DRIVER);
  await phone.goto('/DriverDashboard');
  await expect(phone.getByTestId('driver-delivery-card').filter({ hasText: name })).toBeVisible();
  await driverContext.close();
  // The carrier takes it to delivered (through the API: the driver app's own journey has its spec); closing it as
  // completed is the shipper's, not the carrier's (issue 31).
  for (const statusSlug of [
    'en-route-to-pickup',
    'at-pickup',
    'picked-up',
    'en-route-to-dropoff',
    'at-dropoff',
    'delivered',
  ]) {
    const moved = await courier.request.post(`/api/v1/c/demo-courier/admin/delivery/${deliveryUuid}/status`, {
      headers: await xsrfHeaders(courier),
      data: { statusSlug },
    });
    expect(moved.status(), `${statusSlug}: ${await moved.text()}`).toBe(200);
  }
  const completed = await shipper.request.post(
    `/api/v1/c/demo-shipper/admin/delivery/${deliveryUuid}/status`,
    {
      headers: await xsrfHeaders(shipper),
      data: { statusSlug: 'completed' },
    },
  );
  expect(completed.status(), await completed.text()).toBe(200);

  // The shipper rates the carrier on the delivery's page: the stars are required.
  await shipper.goto(`/DeliveryDetail/${deliveryUuid}`);
  const rate = shipper.getByRole('form', { name: 'Rate Demo Courier Co' });
  await rate.getByLabel('Comment (optional)').fill('On time, careful with the boxes.');
  await rate.getByRole('button', { name: 'Rate the carrier' }).click();
  await expect(rate.getByText('Give 1 to 5 stars.')).toBeVisible();
  // A star is clicked where it is drawn: the radio input itself is visually hidden, its label is the star.
  const fourStars = await rate.getByRole('radio', { name: '4 stars' }).getAttribute('id');
  await rate.locator(`label[for="${fourStars}"]`).click();
  await expect(rate.getByText('Very good')).toBeVisible();
  await rate.getByRole('button', { name: 'Rate the carrier' }).click();
  await expect(shipper.getByTestId('carrier-rating')).toContainText('On time, careful with the boxes.');
  await expect(shipper.getByTestId('carrier-rating').getByLabel('4 of 5 stars')).toBeVisible();
  await expectNoErrorScreen(shipper);
  // The carrier's admin reads the rating on its side of the delivery.
  await courier.goto(`/DeliveryDetail/${deliveryUuid}`);
  await expect(courier.getByTestId('carrier-rating')).toContainText('On time, careful with the boxes.');
  await courierContext.close();
});
