import { expect, test, type Page } from '@playwright/test';
import { createDelivery, expectNoErrorScreen, PHONE, signInThroughApi } from './fixtures.ts';

/**
 * Issue 33: the floating quick-action and scroll-to-top buttons covered "Create delivery", "Rate the carrier",
 * "Link vehicle and drivers", a notification's dismiss and "Add a step". At every scroll position of these pages, no
 * visible control of the page lies under them.
 */

/** The page's visible controls whose middle or right end is under a floating button, by their text. */
const coveredControls = (page: Page) =>
  page.evaluate(() => {
    const covered: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>(
      'main button, main a[href], main input, main textarea, main [role="button"], main [role="switch"]',
    );
    for (const control of Array.from(controls)) {
      const r = control.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || r.bottom <= 0 || r.top >= window.innerHeight) continue;
      const y = r.top + r.height / 2;
      for (const x of [r.left + r.width / 2, r.right - 2]) {
        if (x < 0 || x >= window.innerWidth) continue;
        const top = document.elementFromPoint(x, y);
        if (top?.closest('[data-floating-buttons]')) {
          covered.push(control.getAttribute('aria-label') ?? (control.textContent?.trim() || control.tagName));
          break;
        }
      }
    }
    return covered;
  });

/**
 * Scrolls the page from top to bottom and back a screen's half at a time, checking at each stop (on a phone the
 * buttons step aside on the way down and come back on the way up: both ways count).
 */
async function expectNothingCovered(page: Page, path: string, ready: RegExp) {
  await page.goto(path);
  await expect(page.getByText(ready).first()).toBeVisible();
  await expectNoErrorScreen(page);
  const height = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  const step = Math.max(200, Math.round((page.viewportSize()?.height ?? 800) / 2));
  const stops: number[] = [];
  for (let y = 0; y < height; y += step) stops.push(y);
  stops.push(height);
  for (const y of [...stops, ...stops.slice(0, -1).reverse()]) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await expect.poll(() => coveredControls(page), { message: `${path} at ${y}px` }).toEqual([]);
  }
}

for (const [name, options] of [
  ['at 375 px', PHONE],
  ['at 1366 px', { viewport: { width: 1366, height: 768 } }],
] as const) {
  test.describe(`the floating buttons ${name}`, () => {
    test.use(options);

    test('never cover a control of the page', async ({ page }) => {
      await signInThroughApi(page);
      const uuid = await createDelivery(page, `Floating check ${name}`);
      await expectNothingCovered(page, '/DeliveryAdd', /Create delivery/);
      await expectNothingCovered(page, `/DeliveryDetail/${uuid}`, /Floating check/);
      await expectNothingCovered(page, '/Notifications', /Notifications/);
      await expectNothingCovered(page, '/CompanyDashboard', /Last 14 days/);
    });
  });
}
