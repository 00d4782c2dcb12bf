import { expect, test, type Page } from '@playwright/test';
import { signInThroughApi } from './fixtures.ts';

const PLATFORM_ADMIN = { email: 'platform@admin.test', password: 'demo-password' };

/** The verification link in the newest message to `email`, read from the outbox the way a platform admin can. */
async function verificationLinkMailedTo(platform: Page, email: string): Promise<string> {
  let link: string | undefined;
  await expect(async () => {
    const res = await platform.request.get(`/api/v1/platform/mail/outbox?to=${encodeURIComponent(email)}`);
    expect(res.status()).toBe(200);
    const { data } = (await res.json()) as { data: { subject: string; text: string | null }[] };
    expect(data[0]?.subject).toBe('Verify your e-mail address for Courier');
    link = /https?:\/\/\S+\/auth\/verify-email\?token=[A-Za-z0-9_-]+/.exec(data[0]?.text ?? '')?.[0];
    expect(link).toBeDefined();
  }).toPass({ timeout: 10_000 });
  return link!;
}

test('a new company signs up, lands on its first steps, and verifies the e-mail through the mailed link', async ({
  page,
  browser,
}, testInfo) => {
  const run = Date.now().toString(36);
  const email = `e2e.signup.${run}@newco.test`;
  await page.goto('/Register');
  await expect(page.getByRole('heading', { name: 'Register' })).toBeVisible();

  // The contract's rules answer on the fields before anything is sent.
  await page.getByRole('button', { name: 'Create my company' }).click();
  await expect(page.getByText('Company name is required')).toBeVisible();

  await page.getByLabel('Company name').fill(`New Freight ${run}`);
  // The address is proposed from the name.
  await expect(page.getByLabel('Company URL name')).toHaveValue(`new-freight-${run}`);
  await expect(page.getByTestId('company-url')).toHaveText(new RegExp(`/api/v1/c/new-freight-${run}$`));
  await page.getByRole('radiogroup', { name: 'We are a' }).getByText('Courier').click();
  await page.getByRole('combobox', { name: 'Country' }).fill('United King');
  await page.getByRole('option', { name: 'United Kingdom' }).click();
  await page.getByLabel('First name').fill('Nora');
  await page.getByLabel('Last name').fill('Newco');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel(/^Password/).fill('a-new-company-pass');
  await page.getByLabel(/^Confirm the password/).fill('a-new-company-pass');
  await page.getByRole('button', { name: 'Create my company' }).click();

  await expect(page).toHaveURL(/\/CompanyDashboard$/);
  await expect(page.getByRole('heading', { name: `New Freight ${run}` })).toBeVisible();
  const steps = page.getByRole('region', { name: 'First steps' });
  await expect(steps).toContainText('0 of 6 done');
  await expect(steps.getByRole('link', { name: 'Add a vehicle' })).toHaveAttribute('href', '/VehicleAdd');
  await expect(steps.getByRole('link', { name: 'Add a driver' })).toHaveAttribute('href', '/DriverAdd');
  await expect(steps.getByRole('link', { name: 'Create a first delivery' })).toBeVisible();
  await expect(steps.getByText('Verify your e-mail address')).toBeVisible();

  const baseURL = testInfo.project.use.baseURL;
  const platformContext = await browser.newContext({ baseURL });
  const platform = await platformContext.newPage();
  await signInThroughApi(platform, PLATFORM_ADMIN);
  const link = await verificationLinkMailedTo(platform, email);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'E-mail verified' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the dashboard' }).click();
  await expect(steps).toContainText('1 of 6 done');

  // The link works once.
  await page.goto(link);
  await expect(page.getByRole('alert')).toContainText('This link has expired or was already used.');
  await expect(page.getByRole('button', { name: 'Send me a new link' })).toBeVisible();

  // The same address cannot sign up twice: the field says so.
  const other = await browser.newContext({ baseURL });
  const second = await other.newPage();
  await second.goto('/Authentication/RegisterBoxed');
  await second.getByLabel('Company name').fill(`Other ${run}`);
  await second.getByRole('combobox', { name: 'Country' }).fill('France');
  await second.getByRole('option', { name: 'France' }).click();
  await second.getByLabel('First name').fill('Otto');
  await second.getByLabel('Last name').fill('Other');
  await second.getByLabel('E-mail').fill(email);
  await second.getByLabel(/^Password/).fill('another-long-pass');
  await second.getByLabel(/^Confirm the password/).fill('another-long-pass');
  await second.getByRole('button', { name: 'Create my company' }).click();
  await expect(second.getByText('An account already uses this e-mail. Sign in instead.')).toBeVisible();

  await Promise.all([other.close(), platformContext.close()]);
});
