import { expect, test } from '@playwright/test';
import { PHONE, signInThroughApi } from './fixtures.ts';

test.use(PHONE);

test('on a phone the floating buttons step aside while the page scrolls down, and come back on the way up', async ({
  page,
}) => {
  await signInThroughApi(page);
  await page.goto('/CompanyDashboard');
  const quick = page.getByRole('button', { name: 'Quick actions' });
  const toTop = page.getByRole('button', { name: 'Scroll to top' });
  await expect(page.getByText('Last 14 days')).toBeAttached();
  await expect(quick).toBeVisible();

  await page.mouse.wheel(0, 600);
  await expect(quick).toBeHidden();
  await expect(toTop).toBeHidden();

  await page.mouse.wheel(0, -200);
  await expect(quick).toBeVisible();
  await expect(toTop).toBeVisible();
  await quick.click();
  await expect(page.getByRole('menuitem', { name: 'Add Parcel' })).toBeVisible();
});
