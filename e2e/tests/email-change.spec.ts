import { expect, test } from '@playwright/test';
import { mailedLink, PHONE, xsrfHeaders } from './fixtures.ts';

const CONFIRM_LINK = /https?:\/\/\S+\/auth\/confirm-email-change\?token=[A-Za-z0-9_-]+/;
const UNDO_LINK = /https?:\/\/\S+\/auth\/undo-email-change\?token=[A-Za-z0-9_-]+/;

test('the sign-in e-mail changes once the new address confirms it, and the old address can undo it (decision 056)', async ({
  page,
  browser,
}, testInfo) => {
  const baseURL = testInfo.project.use.baseURL!;
  const run = Date.now();
  const oldEmail = `e2e.change.old.${run}@newco.test`;
  const newEmail = `e2e.change.new.${run}@newco.test`;
  const password = 'the-password-1';
  // An account of its own (a company of its own too), so the demo accounts stay as the other specs expect them.
  await page.request.get('/sanctum/csrf-cookie');
  const signedUp = await page.request.post('/api/v1/signup', {
    headers: await xsrfHeaders(page),
    data: {
      companyName: `Change Co ${run}`,
      slug: `change-co-${run}`,
      companyTypeSlug: 'shipper',
      countryCode: 'GB',
      firstname: 'Cleo',
      lastname: 'Change',
      email: oldEmail,
      password,
      passwordConfirmation: password,
    },
  });
  expect(signedUp.status()).toBe(201);

  await page.goto('/AccountPages/UserAccountSettings');
  const card = page.getByRole('region', { name: 'E-mail' });
  await expect(card).toContainText(`You sign in with ${oldEmail}`);
  await card.getByLabel(/^New e-mail/).fill(newEmail);
  await card.getByRole('button', { name: 'Change e-mail' }).click();
  await expect(card.getByText('Current password is required')).toBeVisible();
  await card.getByLabel(/^Current password/).fill(password);
  await card.getByRole('button', { name: 'Change e-mail' }).click();
  await expect(card.getByRole('status')).toContainText(`Waiting for confirmation at ${newEmail}`);
  await expect(card).toContainText(`You sign in with ${oldEmail}`);

  // The new address confirms it.
  await page.goto(await mailedLink(baseURL, newEmail, /Confirm your new sign-in e-mail/, CONFIRM_LINK));
  await expect(page.getByRole('heading', { name: 'E-mail changed' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to your account settings' }).click();
  await expect(page.getByRole('region', { name: 'E-mail' })).toContainText(`You sign in with ${newEmail}`);

  // The old address's owner, on a phone, undoes it: the address comes back and everyone is signed out.
  const phone = await browser.newContext({ baseURL, ...PHONE });
  try {
    const owner = await phone.newPage();
    await owner.goto(await mailedLink(baseURL, oldEmail, /was changed/, UNDO_LINK));
    await expect(owner.getByRole('heading', { name: 'Undo an e-mail change' })).toBeVisible();
    await owner.getByRole('button', { name: 'Stop the change and sign everyone out' }).click();
    await expect(owner.getByRole('heading', { name: 'Change stopped' })).toBeVisible();
    await expect(owner.getByRole('status')).toContainText(`Your sign-in e-mail is ${oldEmail} again`);
    expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // The link works once.
    await owner.reload();
    await owner.getByRole('button', { name: 'Stop the change and sign everyone out' }).click();
    await expect(owner.getByRole('heading', { name: 'This link no longer works' })).toBeVisible();
  } finally {
    await phone.close();
  }

  // The browser that made the change was signed out.
  await page.goto('/AccountPages/UserAccountSettings');
  await expect(page).toHaveURL(/\/login/);
});
