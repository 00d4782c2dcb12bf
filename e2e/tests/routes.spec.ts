import { expect, test } from '@playwright/test';
import { ROUTES, type RouteEntry } from '../../apps/web/src/app/route-table.ts';
import { expectNoErrorScreen, signInThroughApi } from './fixtures.ts';

test.describe('every route of the route table', () => {
  test.beforeEach(async ({ page }) => {
    await signInThroughApi(page);
  });

  for (const route of ROUTES as readonly RouteEntry[]) {
    const path = route.example ?? route.path;
    test(`${path} renders "${route.title}" in the ${route.layout} layout`, async ({ page }) => {
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      await page.goto(path);
      await expect(page.getByRole('heading', { name: route.title }).first()).toBeVisible();
      await expectNoErrorScreen(page);
      if (route.layout !== 'blank') {
        await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
      }
      expect(errors).toEqual([]);
    });
  }

  test('an unknown path shows the not-found page, not an error screen', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByText(/not found/i).first()).toBeVisible();
    await expectNoErrorScreen(page);
  });
});
