import { expect, test, type Page } from '@playwright/test';
import { signInThroughApi } from './fixtures.ts';

const SLUG = 'demo-shipper';

interface CalendarEvent {
  uuid: string;
  title: string;
  startDate: string;
  endDate: string;
  eventType: string;
  eventUuid?: string;
}

async function eventsAround(page: Page, day: Date): Promise<CalendarEvent[]> {
  const start = new Date(day.getTime() - 8 * 86_400_000).toISOString();
  const end = new Date(day.getTime() + 8 * 86_400_000).toISOString();
  const res = await page.request.get(`/api/v1/c/${SLUG}/admin/calendar/events`, { params: { start, end } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: CalendarEvent[] }).data;
}

const localDay = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

test('drags a delivery to the next day in the week view and its window moves', async ({ page }) => {
  await signInThroughApi(page);
  const now = new Date();
  const windows = (await eventsAround(page, now)).filter((e) => e.eventType === 'delivery-window');
  // A window this week that a drag to a neighbouring day keeps in view.
  const window = windows.find((e) => {
    const start = new Date(e.startDate);
    return Math.abs(start.getTime() - now.getTime()) < 3 * 86_400_000 && localDay(start) === localDay(now);
  });
  test.skip(!window, 'No delivery window today in the demo data');
  if (!window) return;

  await page.goto('/DeliveryCalendar');
  const calendar = page.getByTestId('delivery-calendar');
  const event = calendar.getByText(window.title).first();
  await expect(event).toBeVisible();

  const start = new Date(window.startDate);
  // Monday is the first day of the week: from Sunday go back a day, otherwise forward.
  const delta = start.getDay() === 0 ? -1 : 1;
  const targetDay = localDay(new Date(start.getTime() + delta * 86_400_000));
  const columns = calendar.locator(`[data-date="${targetDay}"]`);
  let target: { x: number; width: number; height: number } | null = null;
  for (const box of await Promise.all((await columns.all()).map((c) => c.boundingBox())))
    if (box && (!target || box.height > target.height)) target = box;
  if (!target) throw new Error(`No column for ${targetDay}`);

  const from = await event.boundingBox();
  if (!from) throw new Error('The event has no box');
  const x = from.x + from.width / 2;
  const y = from.y + Math.min(10, from.height / 2);
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 10 * delta, y, { steps: 4 });
  await page.mouse.move(target.x + target.width / 2, y, { steps: 12 });
  await page.mouse.up();

  await expect(page.getByText('Delivery rescheduled.')).toBeVisible();
  await expect
    .poll(async () => {
      const moved = (await eventsAround(page, now)).find((e) => e.uuid === window.uuid);
      // In whole minutes: the calendar does not keep the window's milliseconds.
      return moved ? Math.round((new Date(moved.startDate).getTime() - start.getTime()) / 60_000) : null;
    })
    .toBe(delta * 1440);

  // The delivery's detail shows the new window too.
  const res = await page.request.get(`/api/v1/c/${SLUG}/admin/delivery/${window.eventUuid}`);
  const delivery = ((await res.json()) as { data: { deliveryScheduleWindows: { startAt: string }[] } }).data;
  expect(
    delivery.deliveryScheduleWindows.map((w) =>
      Math.round((new Date(w.startAt).getTime() - start.getTime()) / 60_000),
    ),
  ).toContain(delta * 1440);

  // A click on the window opens its delivery.
  await calendar.getByText(window.title).first().click();
  await expect(page).toHaveURL(new RegExp(`/DeliveryDetail/${window.eventUuid}$`));
});

test('adds a company event by selecting a range, then deletes it', async ({ page }) => {
  await signInThroughApi(page);
  await page.goto('/DeliveryCalendar');
  await page.getByRole('tab', { name: 'Month view' }).click();
  const calendar = page.getByTestId('delivery-calendar');
  const day = new Date();
  day.setDate(day.getDate() + (day.getDate() > 20 ? -3 : 3));
  const cell = calendar.locator(`[data-date="${localDay(day)}"]`).first();
  await cell.scrollIntoViewIfNeeded();
  const box = await cell.boundingBox();
  if (!box) throw new Error('No day cell');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height - 8);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 4, box.y + box.height - 6, { steps: 3 });
  await page.mouse.up();

  const form = page.getByRole('dialog', { name: 'New event' });
  const title = `Stock take ${Date.now().toString(36)}`;
  await form.getByLabel('Title').fill(title);
  await form.getByRole('button', { name: 'Add event' }).click();
  await expect(page.getByText('Event added.')).toBeVisible();
  await calendar.getByText(title).first().click();
  const edit = page.getByRole('dialog', { name: 'Edit event' });
  await edit.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Delete this event?' })
    .getByRole('button', { name: 'Delete event' })
    .click();
  await expect(page.getByText('Event deleted.')).toBeVisible();
  await expect(calendar.getByText(title)).toHaveCount(0);
});
