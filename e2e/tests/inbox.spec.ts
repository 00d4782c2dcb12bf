import { expect, test, type Page } from '@playwright/test';
import { addInvitedMember, expectNoErrorScreen, signInThroughApi } from './fixtures';

const COURIER_ADMIN = { email: 'admin@courier.test', password: 'demo-password' };
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The demo shipper's completed delivery that the demo courier carried. */
async function cateringUuid(page: Page): Promise<string> {
  const res = await page.request.get('/api/v1/c/demo-shipper/admin/delivery?search=Catering');
  expect(res.status()).toBe(200);
  const [delivery] = ((await res.json()) as { data: { uuid: string; name: string }[] }).data;
  expect(delivery?.name).toBe('Catering trays to Islington');
  return delivery!.uuid;
}

const unreadButton = (page: Page) => page.getByRole('button', { name: /^Messages, \d+ unread$/ });

test("the shipper writes in a carried delivery's thread and the courier sees it arrive, opens it and replies", async ({
  page,
  browser,
}) => {
  const stamp = Date.now().toString(36);
  await signInThroughApi(page);
  const uuid = await cateringUuid(page);

  // The courier's admin is on the dashboard in another browser, with nothing unread.
  const courierContext = await browser.newContext();
  const courier = await courierContext.newPage();
  await signInThroughApi(courier, COURIER_ADMIN);
  await courier.goto('/CompanyDashboard');
  await expect(courier.getByRole('button', { name: 'Messages', exact: true })).toBeVisible();

  // The shipper opens the delivery's thread from the delivery's page and writes (Enter sends).
  await page.goto(`/DeliveryDetail/${uuid}`);
  await page.getByRole('link', { name: 'Messages' }).click();
  await expect(page).toHaveURL(`/apps/mailbox?delivery=${uuid}`);
  const question = `Could you send the signed delivery note? (${stamp})`;
  await page.getByRole('textbox', { name: 'Message' }).fill(question);
  await page.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(page.getByTestId('inbox-message').filter({ hasText: question })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Catering trays to Islington' })).toBeVisible();

  // Without a reload the courier's header counts it, with "New", and lists the thread.
  await expect(unreadButton(courier)).toBeVisible();
  await unreadButton(courier).click();
  await expect(courier.getByTestId('messages-new')).toHaveText(/^\d+ New$/);
  await courier.getByRole('button', { name: /^Catering trays to Islington: \d+ unread$/ }).click();
  await expect(courier).toHaveURL(/\/apps\/mailbox\?c=/);
  await expect(courier.getByTestId('inbox-message').filter({ hasText: question })).toContainText(
    'Demo Shipper Ltd',
  );
  // Opened is read: the header has nothing unread again.
  await expect(courier.getByRole('button', { name: 'Messages', exact: true })).toBeVisible();

  // The courier replies (Ctrl+Enter sends too) and the shipper sees it arrive in the open thread.
  const answer = `The driver uploads it tonight. (${stamp})`;
  await courier.getByRole('textbox', { name: 'Message' }).fill(answer);
  await courier.getByRole('textbox', { name: 'Message' }).press('Control+Enter');
  await expect(courier.getByTestId('inbox-message').filter({ hasText: answer })).toBeVisible();
  await expect(page.getByTestId('inbox-message').filter({ hasText: answer })).toBeVisible();
  await expectNoErrorScreen(page);
  await expectNoErrorScreen(courier);
  await courierContext.close();
});

test('two admins of a company talk in a conversation with an attachment, and find it by search', async ({
  page,
  browser,
}, testInfo) => {
  const stamp = Date.now().toString(36);
  await signInThroughApi(page);
  // A second admin of the demo shipper.
  const nora = { email: `nora-${stamp}@shipper.test`, password: 'nora-password-1' };
  await addInvitedMember(page, testInfo.project.use.baseURL!, {
    companySlug: 'demo-shipper',
    role: 'admin',
    email: nora.email,
    firstname: 'Nora',
    lastname: `Quill${stamp}`,
    password: nora.password,
  });

  await page.goto('/apps/mailbox');
  await expect(page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New conversation' }).click();
  const dialog = page.getByRole('dialog', { name: 'New conversation' });
  // Nothing filled in: each field says what it needs.
  await dialog.getByRole('button', { name: 'Start conversation' }).click();
  await expect(dialog.getByText('Give the conversation a subject.')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'To' }).click();
  await page.getByRole('option', { name: new RegExp(`Nora Quill${stamp}`) }).click();
  const subject = `Pallet count ${stamp}`;
  await dialog.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await dialog.getByRole('textbox', { name: 'Message' }).fill('How many pallets came in today?');
  await dialog.getByRole('button', { name: 'Start conversation' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: subject })).toBeVisible();

  // A receipt goes with the next message.
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('receipt.png')).toBeVisible();
  await page.getByRole('textbox', { name: 'Message' }).fill('The receipt is attached.');
  await page.getByRole('button', { name: 'Send' }).click();
  const sent = page.getByTestId('inbox-message').filter({ hasText: 'The receipt is attached.' });
  await expect(sent.getByRole('link', { name: 'receipt.png', exact: true })).toBeVisible();

  // Nora sees it unread, finds it by a word of its messages, and reads the receipt.
  const noraContext = await browser.newContext();
  const noraPage = await noraContext.newPage();
  await signInThroughApi(noraPage, nora);
  await noraPage.goto('/apps/mailbox');
  await expect(unreadButton(noraPage)).toBeVisible();
  const search = noraPage.getByRole('searchbox', { name: 'Search conversations' });
  await search.fill('no-such-words');
  await expect(noraPage.getByText('No conversation matches')).toBeVisible();
  await search.fill('pallets came');
  const item = noraPage.getByTestId('conversation-item').filter({ hasText: subject });
  await expect(item).toBeVisible();
  await expect(item.getByLabel('2 unread')).toBeVisible();
  await item.click();
  const receipt = noraPage.getByRole('link', { name: 'receipt.png', exact: true });
  await expect(receipt).toBeVisible();
  const file = await noraPage.request.get((await receipt.getAttribute('href'))!);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('image/png');
  await expect(item.getByLabel('2 unread')).toHaveCount(0);
  await expectNoErrorScreen(noraPage);
  await noraContext.close();
});
