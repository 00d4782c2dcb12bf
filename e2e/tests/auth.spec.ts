import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, expectNoErrorScreen, signInThroughApi, signInThroughForm } from './fixtures.ts';

test('the landing page offers to create a company, and the header to sign up', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Create your company' }).click();
  await expect(page).toHaveURL(/\/Register$/);
  await page.goto('/Pricing');
  await page.getByRole('banner').getByRole('link', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/Register$/);
});

test('a signed-out visitor asking for /CompanyDashboard is sent to /login', async ({ page }) => {
  await page.goto('/CompanyDashboard');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
});

test('a wrong password shows the server message and keeps the user on the sign-in screen', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(DEMO_ADMIN.email);
  await page.getByLabel(/^Password/).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('These credentials do not match our records.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('signs in on /auth/boxed-signin too, and the form validates before calling the server', async ({
  page,
}) => {
  await page.goto('/auth/boxed-signin');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/auth\/boxed-signin$/);
  await page.getByLabel('E-mail').fill(DEMO_ADMIN.email);
  await page.getByLabel(/^Password/).fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/CompanyDashboard$/);
});

test('signs in, shows the user in the header menu, signs out to / and is locked out again', async ({
  page,
}) => {
  await signInThroughForm(page);
  await expectNoErrorScreen(page);
  // Signed in, /login is not the form again: it is home.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/CompanyDashboard$/);
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByText(DEMO_ADMIN.email).first()).toBeVisible();
  await expect(page.getByText('Pro', { exact: true }).first()).toBeVisible();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  const stored = await page.evaluate(() => window.localStorage.getItem('persist:root'));
  expect(stored === null || !stored.includes('"isLoggedIn":true')).toBe(true);
  await page.goto('/CompanyDashboard');
  await expect(page).toHaveURL(/\/login/);
});

test('a signed-in first visit draws its first screen before it asks the API for anything (decision 052)', async ({
  page,
}) => {
  await signInThroughApi(page);
  // The time of the frame that first holds the dashboard's heading: a frame callback asked as soon as the heading is
  // in the document runs before the paint of that frame (the paint's own timing entry is its presentation, which a
  // loaded machine's compositor may report later).
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      const heading = Array.from(document.querySelectorAll('h1')).find(
        (h) => h.textContent === 'Company Dashboard',
      );
      if (!heading) return;
      observer.disconnect();
      requestAnimationFrame(() => {
        (window as { headingFrame?: number }).headingFrame = performance.now();
      });
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  // The figures and the list come from the API once the first screen has painted; the header's counts too.
  const answered = Promise.all([
    page.waitForResponse((res) => res.url().includes('/delivery/stats')),
    page.waitForResponse((res) => res.url().includes('/notifications/summary')),
  ]);
  await page.goto('/CompanyDashboard');
  await expect(page.getByRole('heading', { name: 'Company Dashboard' })).toBeVisible();
  await answered;
  await expect(page.getByText('Latest deliveries')).toBeVisible();
  const timing = await page.evaluate(() => ({
    headingFrame: (window as { headingFrame?: number }).headingFrame ?? null,
    api: performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.startsWith('/api/'))
      .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime })),
  }));
  expect(timing.headingFrame).not.toBeNull();
  const paths = timing.api.map((entry) => entry.path);
  expect(paths).toEqual(expect.arrayContaining([expect.stringMatching(/\/delivery\/stats$/)]));
  expect(paths).toEqual(expect.arrayContaining([expect.stringMatching(/\/notifications\/summary$/)]));
  for (const entry of timing.api) expect(entry.start, entry.path).toBeGreaterThan(timing.headingFrame!);
});
