import { expect, test } from '@playwright/test';
import {
  createDelivery,
  expectNoErrorScreen,
  signInThroughApi,
  signInThroughForm,
  addInvitedMember,
} from './fixtures';

const PLATFORM = { email: 'platform@admin.test', password: 'demo-password' };

test('an admin mentions a colleague in a delivery note; the colleague is told live and follows it; the platform admin reads the mail', async ({
  page,
  browser,
}, testInfo) => {
  const tag = Date.now().toString(36);
  const colleague = {
    email: `cora.${tag}@shipper.test`,
    password: 'demo-password',
    firstname: 'Cora',
    lastname: `Mills${tag}`,
  };
  const name = `Mention run ${tag}`;

  // Alice makes Cora an admin of the shipper, and creates a delivery.
  await signInThroughApi(page);
  await addInvitedMember(page, testInfo.project.use.baseURL!, {
    companySlug: 'demo-shipper',
    role: 'admin',
    ...colleague,
  });
  const uuid = await createDelivery(page, name);

  // Cora is at her dashboard in her own browser.
  const coraContext = await browser.newContext();
  const cora = await coraContext.newPage();
  await signInThroughApi(cora, colleague);
  await cora.goto('/CompanyDashboard');
  await expect(cora.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  // Alice writes a note on the delivery and picks Cora from the @ list.
  await page.goto(`/DeliveryDetail/${uuid}`);
  const panel = page.getByRole('region', { name: 'Notes' });
  const box = panel.getByLabel('New note');
  await box.fill('Can you call the florist, ');
  await box.pressSequentially(`@Mills${tag}`);
  await page.getByRole('option', { name: new RegExp(`Cora Mills${tag}`) }).click();
  await box.pressSequentially('please?');
  await expect(box).toHaveValue(`Can you call the florist, @Cora Mills${tag} please?`);
  await panel.getByRole('button', { name: 'Add note' }).click();
  const note = panel.getByRole('listitem').filter({ hasText: 'Can you call the florist' });
  await expect(note.getByTestId('note-mention')).toHaveText(`@Cora Mills${tag}`);

  // Cora's bell says so without a reload; she opens it and lands on the delivery with the note.
  const bell = cora.getByRole('button', { name: 'Notifications, 1 unread' });
  await expect(bell).toBeVisible();
  await bell.click();
  const item = cora.getByTestId('notification').filter({ hasText: 'Alice Ashworth mentioned you' });
  await expect(item).toBeVisible();
  await item.getByRole('button', { name: /^Alice Ashworth mentioned you/ }).click();
  await expect(cora).toHaveURL(`/DeliveryDetail/${uuid}`);
  await expect(cora.getByRole('region', { name: 'Notes' }).getByTestId('note-mention').first()).toHaveText(
    `@Cora Mills${tag}`,
  );
  await expectNoErrorScreen(cora);
  await coraContext.close();

  // Alice is no platform admin: the sent mail is not for her.
  await page.goto('/platform/mail');
  await expect(page.getByText('Only platform admins')).toBeVisible();

  // The platform admin lands on the sent mail and reads the mention's e-mail to Cora.
  const platformContext = await browser.newContext();
  const platform = await platformContext.newPage();
  await signInThroughForm(platform, PLATFORM, '/platform/mail');
  await expect(platform.getByRole('heading', { name: 'Sent Mail' })).toBeVisible();
  await platform.getByRole('textbox', { name: 'To', exact: true }).fill(colleague.email);
  await platform.getByRole('button', { name: 'Filter' }).click();
  await platform.getByRole('button', { name: /^Open "Alice Ashworth mentioned you"/ }).click();
  const drawer = platform.getByRole('dialog', { name: 'Message' });
  await expect(drawer.getByText(`To ${colleague.email}`)).toBeVisible();
  const frame = drawer.locator('iframe');
  await expect(frame).toHaveAttribute('sandbox', '');
  await expect(platform.frameLocator('iframe').getByText('Can you call the florist')).toBeVisible();
  await drawer.getByRole('tab', { name: 'Text' }).click();
  await expect(drawer.getByTestId('mail-text')).toContainText(`/DeliveryDetail/${uuid}`);
  await expectNoErrorScreen(platform);
  await platformContext.close();
});
