import { expect, test } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startSmtpCapture } from '../../apps/server/src/test/smtp-capture.ts';
import { INVITATION_LINK } from './fixtures.ts';

// Issue 14's journey (decisions 029 and 032), with mail sent the way production sends it: this spec runs its own
// server, configured with SMTP_URL pointing at a real SMTP server started here, and reads what arrived there. A new
// company signs up and verifies its address from the mail, invites a driver, and the driver chooses a password from
// their own mail and lands on the driver dashboard; the admin sees the driver become active, and is told, live.
const PORT = Number(process.env.E2E_PORT ?? 3210) + 50;
const baseURL = `http://127.0.0.1:${PORT}`;
test.use({ baseURL });

let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let server: ChildProcess;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  smtp = await startSmtpCapture();
  server = spawn(process.execPath, [fileURLToPath(new URL('../start-server.mjs', import.meta.url))], {
    env: {
      ...process.env,
      E2E_PORT: String(PORT),
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Courier <no-reply@courier.test>',
    },
    stdio: 'ignore',
  });
  await expect(async () => {
    const res = await fetch(`${baseURL}/api/v1/health`);
    expect(res.status).toBe(200);
  }).toPass({ timeout: 120_000, intervals: [500] });
});

test.afterAll(async () => {
  server?.kill();
  await smtp?.close();
});

/** The first match of `pattern` in the newest mail the SMTP server received for `email` (waits for it). */
async function linkFromSmtp(email: string, pattern: RegExp): Promise<string> {
  let link: string | undefined;
  await expect(() => {
    const mail = smtp.received.findLast((m) => m.to.includes(email) && pattern.test(m.decoded));
    link = mail ? pattern.exec(mail.decoded)?.[0] : undefined;
    expect(link).toBeDefined();
  }).toPass({ timeout: 15_000 });
  return link!;
}

test('sign up, verify the e-mail, invite a driver who sets a password and lands on the driver dashboard', async ({
  page,
  browser,
}) => {
  const run = Date.now().toString(36);
  const company = `Onboard Freight ${run}`;
  const adminEmail = `e2e.owner.${run}@onboard.test`;
  const driverEmail = `e2e.driver.${run}@onboard.test`;

  // Sign up.
  await page.goto('/Register');
  await page.getByLabel('Company name').fill(company);
  await page.getByRole('radiogroup', { name: 'We are a' }).getByText('Courier').click();
  await page.getByRole('combobox', { name: 'Country' }).fill('United King');
  await page.getByRole('option', { name: 'United Kingdom' }).click();
  await page.getByLabel('First name').fill('Olive');
  await page.getByLabel('Last name').fill('Owner');
  await page.getByLabel('E-mail').fill(adminEmail);
  await page.getByLabel(/^Password/).fill('an-owner-password');
  await page.getByLabel(/^Confirm the password/).fill('an-owner-password');
  await page.getByRole('button', { name: 'Create my company' }).click();
  await expect(page).toHaveURL(/\/CompanyDashboard$/);
  const steps = page.getByRole('region', { name: 'First steps' });
  await expect(steps).toContainText('0 of 6 done');

  // Verify the address from the mail.
  const verify = await linkFromSmtp(adminEmail, /https?:\/\/\S+\/auth\/verify-email\?token=[A-Za-z0-9_-]+/);
  await page.goto(verify);
  await expect(page.getByRole('heading', { name: 'E-mail verified' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the dashboard' }).click();
  await expect(steps).toContainText('1 of 6 done');

  // Invite a driver: no password is typed for them.
  await steps.getByRole('link', { name: 'Add a driver' }).click();
  await expect(page).toHaveURL(/\/DriverAdd$/);
  await expect(page.getByLabel(/^Password/)).toHaveCount(0);
  await page.getByLabel(/^E-mail/).fill(driverEmail);
  await page.getByLabel(/^First name/).fill('Dara');
  await page.getByLabel(/^Last name/).fill('Driver');
  await page.getByRole('button', { name: 'Add driver', exact: true }).click();
  await expect(page).toHaveURL(/\/DriversManage$/);
  await expect(page.getByText(`We e-mailed ${driverEmail} an invitation`)).toBeVisible();
  const row = page.locator('tbody tr', { hasText: driverEmail });
  await expect(row.getByText('Invited', { exact: true })).toBeVisible();

  // The driver opens the mailed link on their phone.
  const link = await linkFromSmtp(driverEmail, INVITATION_LINK);
  const invitation = smtp.received.findLast((m) => m.to.includes(driverEmail))!;
  expect(invitation.decoded).toContain(`Subject: ${company} invites you to Courier`);
  const driverContext = await browser.newContext({
    baseURL,
    viewport: { width: 375, height: 812 },
    hasTouch: true,
    isMobile: true,
  });
  const driver = await driverContext.newPage();
  await driver.goto(link);
  await expect(driver.getByRole('heading', { name: `Join ${company}` })).toBeVisible();
  await expect(driver.getByText('Olive Owner invited you')).toBeVisible();
  await expect(driver.getByLabel('E-mail')).toHaveValue(driverEmail);
  // The password rule answers before anything is sent.
  await driver.getByLabel(/^Password/).fill('short');
  await driver.getByLabel(/^Confirm the password/).fill('short');
  await driver.getByRole('button', { name: 'Accept and sign in' }).click();
  await expect(driver.getByText(/at least \d+ characters/i).first()).toBeVisible();
  await driver.getByLabel(/^Password/).fill('a-driver-password');
  await driver.getByLabel(/^Confirm the password/).fill('a-driver-password');
  await driver.getByRole('button', { name: 'Accept and sign in' }).click();
  await expect(driver).toHaveURL(/\/DriverDashboard$/);
  await expect(driver.getByRole('heading', { name: 'No deliveries for you right now' })).toBeVisible();

  // The admin's list and bell change without a reload.
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  await expect(page.getByText('Dara Driver joined as a driver')).toBeVisible();

  // The link works once.
  const again = await driverContext.newPage();
  await again.goto(link);
  await expect(again.getByRole('alert')).toContainText('This invitation has expired or was already used.');
  await driverContext.close();
});
