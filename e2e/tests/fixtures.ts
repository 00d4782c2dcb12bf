import {
  expect,
  request,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';

export const DEMO_ADMIN = { email: 'admin@shipper.test', password: 'demo-password' };
export const ERROR_TEXTS = [/Sorry, something went wrong\./, /Unexpected Application Error!/];

/**
 * Signs in through the real sign-in screen, as a user would, and waits for the landing screen: the company
 * dashboard, or a driver's own dashboard (decision 018).
 */
export async function signInThroughForm(
  page: Page,
  user = DEMO_ADMIN,
  landing = '/CompanyDashboard',
): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel(/^Password/).fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(new RegExp(`${landing}$`));
}

/** Signs in through the API, the way the web app does (CSRF cookie, then POST /api/v1/login). */
export async function signInThroughApi(page: Page, user = DEMO_ADMIN): Promise<void> {
  await page.request.get('/sanctum/csrf-cookie');
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await page.request.post('/api/v1/login', {
    data: user,
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(res.status()).toBe(200);
}

export async function expectNoErrorScreen(page: Page): Promise<void> {
  for (const text of ERROR_TEXTS) await expect(page.getByText(text)).toHaveCount(0);
}

/**
 * Creates a two-step delivery of the demo shipper through the API (typed addresses with coordinates, `extra` added
 * to the body) and returns its uuid.
 */
export async function createDelivery(
  page: Page,
  name: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await page.request.post('/api/v1/c/demo-shipper/admin/delivery/create-delivery', {
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), 'X-Requested-With': 'XMLHttpRequest' },
    data: {
      name,
      steps: [
        {
          kind: 'pickup',
          address: {
            line1: '12 Upper Street',
            city: 'London',
            postcode: 'N1 0PQ',
            countryCode: 'GB',
            lat: 51.5362,
            lng: -0.1033,
          },
        },
        {
          kind: 'dropoff',
          address: {
            line1: '5 King Street',
            city: 'London',
            postcode: 'W6 0QA',
            countryCode: 'GB',
            lat: 51.4927,
            lng: -0.2262,
          },
        },
      ],
      parcels: [{ name: 'Box of books' }],
      ...extra,
    },
  });
  expect(res.status()).toBe(201);
  const body = (await res.json()) as { data: { uuid: string } };
  return body.data.uuid;
}

export async function xsrfHeaders(page: Page) {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  return { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), 'X-Requested-With': 'XMLHttpRequest' };
}

/**
 * As the shipper's admin (signed in through the API on `page`, signed out after): a delivery with a contact at the
 * pickup and a signature task at the dropoff, linked to a vehicle and the driver; returns its uuid.
 */
export async function deliveryForDriver(
  page: Page,
  name: string,
  driverEmail: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  await signInThroughApi(page);
  const uuid = await createDelivery(page, name, {
    steps: [
      {
        kind: 'pickup',
        address: {
          line1: '12 Upper Street',
          city: 'London',
          postcode: 'N1 0PQ',
          countryCode: 'GB',
          lat: 51.5362,
          lng: -0.1033,
        },
        contacts: [{ firstname: 'Sam', lastname: 'Sender', phoneNumber: '+44 7700 900111', companyName: '' }],
      },
      {
        kind: 'dropoff',
        address: {
          line1: '5 King Street',
          city: 'London',
          postcode: 'W6 0QA',
          countryCode: 'GB',
          lat: 51.4927,
          lng: -0.2262,
        },
        extraTaskTypes: ['signature'],
      },
    ],
    ...extra,
  });
  const users = await page.request.get(`/api/v1/c/demo-shipper/admin/user`);
  const userMap = ((await users.json()) as { data: Record<string, { uuid: string; email: string }> }).data;
  const driver = Object.values(userMap).find((u) => u.email === driverEmail);
  const vehicles = await page.request.get(`/api/v1/c/demo-shipper/admin/vehicle?per_page=50`);
  const vehicleList = ((await vehicles.json()) as { data: { uuid: string; vehicleStatusTypeSlug: string }[] })
    .data;
  const vehicle = vehicleList.find((v) =>
    ['available', 'booked', 'on-delivery'].includes(v.vehicleStatusTypeSlug),
  );
  expect(driver && vehicle).toBeTruthy();
  const link = await page.request.post(`/api/v1/c/demo-shipper/admin/delivery/${uuid}/vehicle/driver`, {
    headers: await xsrfHeaders(page),
    data: { vehicleUuid: vehicle!.uuid, driverUserUuids: [driver!.uuid] },
  });
  expect(link.status()).toBe(200);
  await page.context().clearCookies();
  return uuid;
}

/** Draws a zig-zag signature on the signature pad inside `within` (scrolled into view first). */
export async function drawSignature(page: Page, within: Locator): Promise<void> {
  const pad = within.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('No signature pad');
  await page.mouse.move(box.x + 20, box.y + box.height * 0.7);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++)
    await page.mouse.move(box.x + 20 + i * 20, box.y + box.height * (i % 2 ? 0.3 : 0.7), { steps: 2 });
  await page.mouse.up();
}

/** A phone held in one hand: the viewport the driver's screens are built for. */
export const PHONE = { viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true } as const;

/**
 * The driver's writes go through the phone's queue and show before they are sent (decision 021): wait until it has
 * sent everything before the test signs out or looks from the office.
 */
export async function expectQueueDrained(page: Page): Promise<void> {
  await expect(page.getByTestId('queue-status')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByTestId('status-waiting')).toHaveCount(0);
}

/**
 * A driver's phone as its API sees it, in a context of its own: `move` walks a delivery along the given statuses,
 * `send` posts one position (with a compass heading if given), each a second after the last and just ahead of the server's clock (filed after the
 * moves). `close` when done.
 */
export async function driverPhone(browser: Browser, driver: { email: string; password: string }) {
  const context = await browser.newContext();
  const phone = await context.newPage();
  await signInThroughApi(phone, driver);
  const headers = await xsrfHeaders(phone);
  let clock = Date.now() + 1_000;
  return {
    async move(deliveryUuid: string, ...statuses: string[]) {
      for (const statusSlug of statuses) {
        const moved = await phone.request.post(`/api/v1/driver/delivery/${deliveryUuid}/status`, {
          headers,
          data: { statusSlug },
        });
        expect(moved.status(), statusSlug).toBe(200);
      }
    },
    async send(lat: number, lng: number, heading?: number) {
      clock = Math.max(clock + 1_000, Date.now() + 1_000);
      const res = await phone.request.post('/api/v1/driver/location', {
        headers,
        data: { points: [{ lat, lng, heading, recordedAt: new Date(clock).toISOString() }] },
      });
      expect(res.status()).toBe(200);
      return ((await res.json()) as { data: { stored: number } }).data;
    },
    close: () => context.close(),
  };
}

export const PLATFORM_ADMIN = { email: 'platform@admin.test', password: 'demo-password' };

/** A signed-in API client of its own (CSRF cookie, then POST /api/v1/login), beside any page's session. */
export async function apiAs(baseURL: string, user: { email: string; password: string }) {
  const api = await request.newContext({ baseURL });
  await api.get('/sanctum/csrf-cookie');
  const res = await api.post('/api/v1/login', { data: user, headers: await apiXsrf(api) });
  expect(res.status()).toBe(200);
  return api;
}

async function apiXsrf(api: APIRequestContext) {
  const xsrf = (await api.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  return { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), 'X-Requested-With': 'XMLHttpRequest' };
}

/**
 * The first match of `pattern` in the newest mail to `email` whose subject matches `subject`, read from the
 * development outbox the way a platform admin can (decision 027); waits for the mail, which is sent after the answer.
 */
export async function mailedLink(baseURL: string, email: string, subject: RegExp, pattern: RegExp) {
  const platform = await apiAs(baseURL, PLATFORM_ADMIN);
  let link: string | undefined;
  try {
    await expect(async () => {
      const res = await platform.get(`/api/v1/platform/mail/outbox?to=${encodeURIComponent(email)}`);
      expect(res.status()).toBe(200);
      const { data } = (await res.json()) as { data: { subject: string; text: string | null }[] };
      const mail = data.find((m) => subject.test(m.subject));
      link = pattern.exec(mail?.text ?? '')?.[0];
      expect(link).toBeDefined();
    }).toPass({ timeout: 10_000 });
  } finally {
    await platform.dispose();
  }
  return link!;
}

export const INVITATION_LINK = /https?:\/\/\S+\/auth\/accept-invitation\?token=[A-Za-z0-9_-]+/;

/**
 * As the admin signed in on `page`: adds a new driver or admin, then accepts the mailed invitation with `password`
 * through the API, as the person would from the link (decision 032).
 */
export async function addInvitedMember(
  page: Page,
  baseURL: string,
  person: {
    companySlug: string;
    role?: 'driver' | 'admin';
    email: string;
    firstname: string;
    lastname: string;
    password: string;
  },
) {
  const { companySlug, password, role = 'driver', ...body } = person;
  const added = await page.request.post(
    `/api/v1/c/${companySlug}/admin/${role === 'driver' ? 'driver' : 'user/admin'}`,
    { headers: await xsrfHeaders(page), data: body },
  );
  expect(added.status()).toBe(201);
  const link = await mailedLink(baseURL, person.email, /invites you/, INVITATION_LINK);
  const token = new URL(link).searchParams.get('token');
  const api = await request.newContext({ baseURL });
  try {
    await api.get('/sanctum/csrf-cookie');
    const res = await api.post('/api/v1/invitation/accept', {
      data: { token, password, passwordConfirmation: password },
      headers: await apiXsrf(api),
    });
    expect(res.status()).toBe(200);
  } finally {
    await api.dispose();
  }
}
