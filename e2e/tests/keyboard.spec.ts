import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInThroughApi } from './fixtures.ts';

/**
 * The signed-in app with the keyboard alone (issue 33 item 12): a skip link first, the focus on the new screen's
 * heading after a move, the easy sidebar open around the focus, a date and time in two stops.
 */

/** Presses Tab until `target` has the focus, at most `max` times. */
async function tabTo(page: Page, target: Locator, max = 12): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${max} Tabs did not reach ${target.toString()}`);
}

/** Keeps the pointer over the content, away from the easy sidebar, which opens under it. */
const pointerOnContent = (page: Page) => page.mouse.move(900, 500);

test('the skip link is the first Tab, shows while focused and takes the focus past the menus to the content', async ({
  page,
}) => {
  await signInThroughApi(page);
  await page.goto('/CompanyDashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Company Dashboard' })).toBeVisible();
  await pointerOnContent(page);
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).not.toBeInViewport();

  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main-content')).toBeFocused();
  await expect(page).toHaveURL(/\/CompanyDashboard$/);
  // The next Tab is inside the content, not in the sidebar or the header.
  await page.keyboard.press('Tab');
  expect(
    await page.evaluate(() => document.getElementById('main-content')?.contains(document.activeElement)),
  ).toBe(true);
});

test("after a click on a sidebar link the focus is on the new screen's heading", async ({ page }) => {
  await signInThroughApi(page);
  // The default layout: the full sidebar.
  await page.goto('/CourierDashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Courier Dashboard' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Bidding Dashboard' })
    .click();
  await expect(page).toHaveURL(/\/BiddingDashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Bidding Dashboard' })).toBeFocused();
});

test('the easy sidebar opens when the keyboard enters it, and a link taken from it focuses the new heading', async ({
  page,
}) => {
  await signInThroughApi(page);
  await page.goto('/CompanyDashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Company Dashboard' })).toBeVisible();
  await pointerOnContent(page);
  const frame = page.locator('[data-layout="easy"]');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const sidebar = page.locator('aside');
  await expect(frame).not.toHaveAttribute('data-hovered');

  // Skip link, then the sidebar's first stop (its home link): the full menu opens around the focus.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(frame).toHaveAttribute('data-hovered', 'true');
  await expect(nav.getByText('Delivery Calendar', { exact: true })).toBeVisible();
  await expect.poll(async () => (await sidebar.boundingBox())?.width ?? 0).toBeGreaterThan(200);

  const calendarLink = nav.getByRole('link', { name: 'Delivery Calendar' });
  await tabTo(page, calendarLink);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/DeliveryCalendar$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Delivery Calendar' })).toBeFocused();
  // The focus has left the sidebar: it closes again.
  await expect(frame).not.toHaveAttribute('data-hovered');

  // Back into it from the header with Shift+Tab: the last icon hands the focus to its entry of the opened menu.
  await page.getByRole('banner').getByRole('link', { name: /home$/i }).focus();
  await page.keyboard.press('Shift+Tab');
  await expect(frame).toHaveAttribute('data-hovered', 'true');
  await expect(nav.getByRole('link', { name: /Support Desk/ })).toBeFocused();
});

test('a date and time costs two Tabs: the typed field and the picker button', async ({ page }) => {
  await signInThroughApi(page);
  await page.goto('/DeliveryAddEasy');
  const from = page.getByRole('textbox', { name: 'Dropoff from' });
  await expect(from).toBeVisible();
  await from.focus();
  await page.keyboard.press('Tab');
  await expect(page.locator(':focus')).toHaveAccessibleName('Choose date and time');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Dropoff until' })).toBeFocused();

  // Typed as the field shows it; read back in the same form once left.
  await from.fill('2030-1-2 9:30');
  await from.blur();
  await expect(from).toHaveValue('2030-01-02 09:30');
});
