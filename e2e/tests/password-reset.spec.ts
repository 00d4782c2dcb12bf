import { expect, test, type Page } from '@playwright/test';
import { addInvitedMember, signInThroughApi, signInThroughForm } from './fixtures.ts';

const PLATFORM_ADMIN = { email: 'platform@admin.test', password: 'demo-password' };

/** The reset link in the newest message to `email`, read from the outbox the way a platform admin can. */
async function resetLinkMailedTo(platform: Page, email: string): Promise<string> {
  let link: string | undefined;
  await expect(async () => {
    const res = await platform.request.get(`/api/v1/platform/mail/outbox?to=${encodeURIComponent(email)}`);
    expect(res.status()).toBe(200);
    const { data } = (await res.json()) as { data: { subject: string; text: string | null }[] };
    expect(data[0]?.subject).toBe('Reset your Courier password');
    link = /https?:\/\/\S+boxed-password-reset\?token=[A-Za-z0-9_-]+/.exec(data[0]?.text ?? '')?.[0];
    expect(link).toBeDefined();
  }).toPass({ timeout: 10_000 });
  return link!;
}

test('a forgotten password is reset through the e-mailed link, once, and the new one signs in', async ({
  page,
  browser,
}, testInfo) => {
  // A driver of our own, so the demo accounts' passwords stay as the other specs expect them.
  await signInThroughApi(page);
  const email = `e2e.reset.${Date.now()}@shipper.test`;
  const baseURL = testInfo.project.use.baseURL;
  await addInvitedMember(page, baseURL!, {
    companySlug: 'demo-shipper',
    email,
    firstname: 'Rita',
    lastname: 'Reset',
    password: 'the-old-password-1',
  });

  const platformContext = await browser.newContext({ baseURL });
  const platform = await platformContext.newPage();
  await signInThroughApi(platform, PLATFORM_ADMIN);

  const userContext = await browser.newContext({ baseURL });
  const user = await userContext.newPage();
  await user.goto('/login');
  await user.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(user).toHaveURL(/\/auth\/boxed-password-reset$/);
  await user.getByLabel('E-mail').fill(email);
  await user.getByRole('button', { name: 'Send reset link' }).click();
  await expect(user.getByRole('status')).toContainText('If an account uses that address');

  const link = await resetLinkMailedTo(platform, email);
  await user.goto(link);
  await expect(user.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  // The contract's rules answer on the fields before anything is sent.
  await user.getByLabel(/^New password/).fill('short');
  await user.getByLabel(/^Confirm the new password/).fill('short');
  await user.getByRole('button', { name: 'Set new password' }).click();
  await expect(user.getByText('Password must be at least 8 characters')).toBeVisible();
  await user.getByLabel(/^New password/).fill('the-new-password-2');
  await user.getByLabel(/^Confirm the new password/).fill('the-new-password-2');
  await user.getByRole('button', { name: 'Set new password' }).click();
  await expect(user.getByRole('heading', { name: 'Password changed' })).toBeVisible();
  await user.getByRole('link', { name: 'Sign in' }).click();
  await expect(user).toHaveURL(/\/login$/);
  await signInThroughForm(user, { email, password: 'the-new-password-2' }, '/DriverDashboard');

  // The link worked once: a second use says so and offers a new one.
  const again = await browser.newContext({ baseURL });
  const second = await again.newPage();
  await second.goto(link);
  await second.getByLabel(/^New password/).fill('a-third-password-3');
  await second.getByLabel(/^Confirm the new password/).fill('a-third-password-3');
  await second.getByRole('button', { name: 'Set new password' }).click();
  await expect(second.getByRole('alert')).toContainText('expired or was already used');
  await second.getByRole('link', { name: 'Send me a new link' }).click();
  await expect(second.getByRole('button', { name: 'Send reset link' })).toBeVisible();

  await Promise.all([again.close(), userContext.close(), platformContext.close()]);
});
