import { expect, test, type Locator, type Page } from '@playwright/test';
import { createDelivery, signInThroughApi, xsrfHeaders } from './fixtures.ts';

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

/** `hour`:00 local time on a weekday of next week (1 Monday … 6 Saturday), always in the future. */
function nextWeek(weekday: number, hour: number): Date {
  const day = new Date();
  day.setHours(hour, 0, 0, 0);
  const toMonday = (8 - day.getDay()) % 7 || 7;
  day.setDate(day.getDate() + toMonday + weekday - 1);
  return day;
}

/** Opens the calendar's week view on next week, where the tests' own deliveries are. */
async function openNextWeek(page: Page): Promise<Locator> {
  await page.goto('/DeliveryCalendar');
  const calendar = page.getByTestId('delivery-calendar');
  await calendar.getByRole('button', { name: 'Next Week' }).click();
  return calendar;
}

/** Drags an event sideways, at the same time of day, into the week view's column of `day`. */
async function dragToDay(page: Page, event: Locator, day: string): Promise<void> {
  const calendar = page.getByTestId('delivery-calendar');
  await event.scrollIntoViewIfNeeded();
  let target: { x: number; width: number; height: number } | null = null;
  for (const box of await Promise.all(
    (await calendar.locator(`[data-date="${day}"]`).all()).map((c) => c.boundingBox()),
  ))
    if (box && (!target || box.height > target.height)) target = box;
  if (!target) throw new Error(`No column for ${day}`);
  const from = await event.boundingBox();
  if (!from) throw new Error('The event has no box');
  const x = from.x + from.width / 2;
  const y = from.y + Math.min(10, from.height / 2);
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + (target.x > x ? 10 : -10), y, { steps: 4 });
  await page.mouse.move(target.x + target.width / 2, y, { steps: 12 });
  await page.mouse.up();
}

test('drags a delivery to the next day in the week view and its window moves', async ({ page }) => {
  await signInThroughApi(page);
  // Its own delivery, on a Tuesday of next week: the next day is always in the same week view.
  const name = `Calendar move ${Date.now().toString(36)}`;
  const start = nextWeek(2, 10);
  const uuid = await createDelivery(page, name, {
    scheduleWindows: [
      { startAt: start.toISOString(), endAt: new Date(start.getTime() + 2 * 3_600_000).toISOString() },
    ],
  });
  const window = (await eventsAround(page, start)).find((e) => e.eventUuid === uuid);
  if (!window) throw new Error('The new delivery has no window in the calendar');

  const calendar = await openNextWeek(page);
  const event = calendar.getByText(window.title).first();
  await expect(event).toBeVisible();
  const delta = 1;
  await dragToDay(page, event, localDay(new Date(start.getTime() + delta * 86_400_000)));

  await expect(page.getByText('Delivery rescheduled.')).toBeVisible();
  await expect
    .poll(async () => {
      const moved = (await eventsAround(page, start)).find((e) => e.uuid === window.uuid);
      // In whole minutes: the calendar does not keep the window's milliseconds.
      return moved ? Math.round((new Date(moved.startDate).getTime() - start.getTime()) / 60_000) : null;
    })
    .toBe(delta * 1440);

  // The delivery's detail shows the new window too.
  const res = await page.request.get(`/api/v1/c/${SLUG}/admin/delivery/${uuid}`);
  const delivery = ((await res.json()) as { data: { deliveryScheduleWindows: { startAt: string }[] } }).data;
  expect(
    delivery.deliveryScheduleWindows.map((w) =>
      Math.round((new Date(w.startAt).getTime() - start.getTime()) / 60_000),
    ),
  ).toEqual([delta * 1440]);

  // A click on the window opens its delivery.
  await calendar.getByText(window.title).first().click();
  await expect(page).toHaveURL(new RegExp(`/DeliveryDetail/${uuid}$`));
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

test('a move the server refuses goes back and shows its reason', async ({ page }) => {
  await signInThroughApi(page);
  // Picked up on a Tuesday of next week, dropped off the same afternoon.
  const name = `Calendar refusal ${Date.now().toString(36)}`;
  const pickup = nextWeek(2, 9);
  const dropoff = nextWeek(2, 14);
  const hours = (d: Date, h: number) => new Date(d.getTime() + h * 3_600_000).toISOString();
  const uuid = await createDelivery(page, name, {
    scheduleWindows: [
      { deliveryScheduleWindowTypeSlug: 'pickup', startAt: pickup.toISOString(), endAt: hours(pickup, 1) },
      { deliveryScheduleWindowTypeSlug: 'dropoff', startAt: dropoff.toISOString(), endAt: hours(dropoff, 2) },
    ],
  });
  const window = (await eventsAround(page, dropoff)).find(
    (e) => e.eventUuid === uuid && new Date(e.startDate).getTime() === dropoff.getTime(),
  );
  if (!window) throw new Error('The new delivery has no dropoff window in the calendar');

  const calendar = await openNextWeek(page);
  const event = calendar.getByText(window.title).first();
  await expect(event).toBeVisible();
  const before = await event.boundingBox();
  // Closing on Monday, the dropoff window would close before the pickup window opens: a 422 whose message the
  // notification shows, and the event goes back.
  await dragToDay(page, event, localDay(new Date(dropoff.getTime() - 86_400_000)));

  await expect(page.getByText('The dropoff window must close after the pickup window opens.')).toBeVisible();
  await expect.poll(async () => (await event.boundingBox())?.x).toBe(before?.x);
  const unchanged = (await eventsAround(page, dropoff)).find((e) => e.uuid === window.uuid);
  expect(unchanged?.startDate).toBe(window.startDate);
});

test('an event before 6 am is shown whole in the week view', async ({ page }) => {
  await signInThroughApi(page);
  const start = nextWeek(3, 4);
  start.setMinutes(30);
  const title = `Early van check ${Date.now().toString(36)}`;
  const res = await page.request.post(`/api/v1/c/${SLUG}/admin/calendar/events`, {
    headers: await xsrfHeaders(page),
    data: {
      title,
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + 3_600_000).toISOString(),
    },
  });
  expect(res.status()).toBe(201);
  const calendar = await openNextWeek(page);
  const event = calendar.locator('.company-event', { hasText: title });
  await expect(event).toBeVisible();
  // The grid starts at 4 am that week, so the event's top is inside the grid, not cut off above it.
  await expect(calendar.locator('[data-time="04:00:00"]').first()).toBeAttached();
  const box = await event.boundingBox();
  const grid = await calendar.locator('[data-time="04:00:00"]').first().boundingBox();
  expect(box && grid && box.y >= grid.y).toBe(true);
});
