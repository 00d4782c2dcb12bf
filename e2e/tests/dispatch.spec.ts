import { expect, test } from '@playwright/test';
import {
  addInvitedMember,
  DEMO_ADMIN,
  PHONE,
  signInThroughApi,
  signInThroughForm,
  xsrfHeaders,
} from './fixtures';

// The dispatch board (issue 35): a dispatcher optimises a day of 30 deliveries for three drivers, reviews the plan
// before and after, applies it; a driver's phone then lists their deliveries in the planned order with the times.

const SLUG = 'demo-shipper';
const API = `/api/v1/c/${SLUG}/admin`;
const SHOPS = [
  { line1: '12 Upper Street', postcode: 'N1 0PQ', lat: 51.5362, lng: -0.1033 },
  { line1: '10 Mare Street', postcode: 'E8 1HE', lat: 51.5456, lng: -0.0553 },
  { line1: '30 Camden High Street', postcode: 'NW1 0JH', lat: 51.5364, lng: -0.1404 },
];

/** The day three days on in London (the demo company's zone), and a time of it as an instant. */
function planDay() {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
    new Date(Date.now() + 3 * 86_400_000),
  );
  // London is UTC or UTC+1: 09:00 London is 08:00 or 09:00 UTC; windows are wide enough for either.
  const at = (h: number) => new Date(`${parts}T${String(h).padStart(2, '0')}:00:00Z`).toISOString();
  return { day: parts, at };
}

test('a dispatcher optimises a day of 30 deliveries for three drivers, reviews and applies; a driver sees the order', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000);
  const run = Date.now().toString(36);
  const { day, at } = planDay();
  await signInThroughApi(page, DEMO_ADMIN);
  const headers = await xsrfHeaders(page);

  // Three drivers of the company, each with a van as their usual vehicle.
  const drivers = ['Ada', 'Ben', 'Cy'].map((firstname) => ({
    firstname,
    lastname: `Route${run}`,
    email: `${firstname.toLowerCase()}.${run}@shipper.test`,
    password: 'route-password-1',
  }));
  const ids: string[] = [];
  for (const [i, d] of drivers.entries()) {
    await addInvitedMember(page, baseURL!, { companySlug: SLUG, ...d });
    const users = await page.request.get(`${API}/user`);
    const all = ((await users.json()) as { data: Record<string, { uuid: string; email: string }> }).data;
    const id = Object.values(all).find((u) => u.email === d.email)!.uuid;
    ids.push(id);
    const van = await page.request.post(`${API}/vehicle`, {
      headers,
      data: {
        name: `Route van ${run} ${i + 1}`,
        registrationNumber: `RV${run}${i}`.slice(0, 12),
        vehicleSizeTypeSlug: 'van-small',
      },
    });
    expect(van.status(), await van.text()).toBe(201);
    const vanId = ((await van.json()) as { data: { uuid: string } }).data.uuid;
    const shift = await page.request.put(`${API}/dispatch/driver/${id}/shift`, {
      headers,
      data: {
        shiftStartMinute: 7 * 60,
        shiftEndMinute: 20 * 60,
        breakMinutes: 0,
        breakFromMinute: 12 * 60,
        breakUntilMinute: 13 * 60,
        shiftStartAddressUuid: null,
        shiftEndAddressUuid: null,
        usualVehicleUuid: vanId,
      },
    });
    expect(shift.status(), await shift.text()).toBe(200);
  }

  // Thirty orders of the day from three shops to addresses around London, in one batch.
  const batch = await page.request.post(`${API}/delivery/batch`, {
    headers,
    data: {
      deliveries: Array.from({ length: 30 }, (_, i) => {
        const shop = SHOPS[i % SHOPS.length]!;
        return {
          name: `Plan ${run} ${String(i + 1).padStart(2, '0')}`,
          steps: [
            { kind: 'pickup', address: { ...shop, city: 'London', countryCode: 'GB' } },
            {
              kind: 'dropoff',
              address: {
                line1: `${i + 1} Route Road`,
                city: 'London',
                postcode: 'E1 6AN',
                countryCode: 'GB',
                lat: 51.5 + ((i * 7) % 10) * 0.008,
                lng: -0.16 + ((i * 3) % 10) * 0.015,
              },
            },
          ],
          scheduleWindows: [
            { deliveryScheduleWindowTypeSlug: 'pickup', startAt: at(7), endAt: at(14) },
            { deliveryScheduleWindowTypeSlug: 'dropoff', startAt: at(8), endAt: at(18) },
          ],
        };
      }),
    },
  });
  expect(batch.status(), await batch.text()).toBe(200);

  // The board of that day: the thirty wait unassigned.
  await page.goto(`/Dispatch?day=${day}`);
  const unassigned = page.getByRole('region', { name: /Unassigned/ });
  await unassigned.getByLabel('Search unassigned deliveries by name').fill(`Plan ${run}`);
  await expect(unassigned.getByTestId('unassigned-delivery')).toHaveCount(30);
  await unassigned.getByRole('button', { name: 'Tick all' }).click();

  // Optimise: the three drivers, the thirty deliveries.
  await page
    .getByRole('button', { name: /^Optimise/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Optimise routes' });
  const driversList = dialog.getByRole('group', { name: 'Drivers' });
  await driversList.getByRole('button', { name: 'None' }).click();
  for (const d of drivers) await driversList.getByLabel(new RegExp(`${d.firstname} ${d.lastname}`)).check();
  await expect(dialog.getByText(/^30 of \d+ chosen$/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Optimise', exact: true }).click();

  // Review: every delivery placed, the figures before and after, then apply.
  const review = page.getByRole('dialog', { name: 'Review the plan' });
  await expect(review.getByTestId('plan-review')).toBeVisible({ timeout: 90_000 });
  await expect(review.getByText(/Not placed/)).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('plan-review.png') });
  await review.getByRole('button', { name: 'Apply plan' }).click();
  await expect(review).toBeHidden();
  await expect(page.getByText('Plan applied: the drivers see their new routes.')).toBeVisible();

  // The board: the thirty are in the three routes, none waits.
  await expect(unassigned.getByTestId('unassigned-delivery')).toHaveCount(0);
  const board = (await (await page.request.get(`${API}/dispatch?day=${day}`)).json()) as {
    data: {
      routes: {
        driverUserUuid: string;
        stops: { deliveryName: string; kind: string; lateMinutes: number }[];
      }[];
    };
  };
  const ours = board.data.routes.filter((r) => ids.includes(r.driverUserUuid));
  expect(ours.flatMap((r) => r.stops).filter((s) => s.kind === 'pickup')).toHaveLength(30);
  expect(ours.flatMap((r) => r.stops).filter((s) => s.lateMinutes > 0)).toEqual([]);

  // The phone of a driver the plan gave work (the optimiser may leave a van unused): their deliveries in the
  // planned order, each with its place in the route.
  const busiest = [...ours].sort((a, b) => b.stops.length - a.stops.length)[0]!;
  const driver = drivers[ids.indexOf(busiest.driverUserUuid)]!;
  const planned = [...new Set(busiest.stops.map((s) => s.deliveryName))];
  expect(planned.length).toBeGreaterThan(0);
  const phone = await browser.newContext({ ...PHONE, baseURL: testInfo.project.use.baseURL });
  const mine = await phone.newPage();
  await signInThroughForm(mine, { email: driver.email, password: driver.password }, '/DriverDashboard');
  const cards = mine.getByTestId('driver-delivery-card');
  await expect(cards).toHaveCount(planned.length);
  for (const [i, name] of planned.entries()) await expect(cards.nth(i)).toContainText(name);
  await expect(cards.first().getByTestId('planned-stop')).toContainText('No. 1 on your route');
  await phone.close();
});
