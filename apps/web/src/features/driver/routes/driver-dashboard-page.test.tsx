import 'fake-indexeddb/auto';
import type { CompanyUser, DriverInfo, DriverStatusSlug, LiveMap } from '@courier/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { updatePersisted } from '../../../lib/persist-store';
import { queryClient } from '../../../lib/query-client';
import { renderRoutes } from '../../../testing/render-app';
import DriverDashboardPage from './driver-dashboard-page';

vi.mock('@mantine/notifications', () => ({
  notifications: { show: vi.fn(), hide: vi.fn() },
  Notifications: () => null,
}));

const SLUG = 'demo-courier';
const ADMIN = `/api/v1/c/${SLUG}/admin`;
const AT = '2026-11-28T09:00:00.000Z';
const ADA = '11111111-1111-4111-8111-111111111111';
const BEN = '22222222-2222-4222-8222-222222222222';
const OFFICE = '33333333-3333-4333-8333-333333333333';

const user = (uuid: string, firstname: string, lastname: string, roleSlugs: string[]): CompanyUser => ({
  uuid,
  firstname,
  lastname,
  email: `${firstname.toLowerCase()}@courier.test`,
  emailVerifiedAt: AT,
  imgUrl: null,
  imgThumbUrl: null,
  defaultCompanySlug: SLUG,
  createdAt: AT,
  updatedAt: AT,
  roleSlugs,
  memberStatus: 'active',
  pendingInvitation: null,
});
const info = (driverUserUuid: string, slug: DriverStatusSlug, name: string): DriverInfo => ({
  uuid: driverUserUuid.replace(/^./, 'a'),
  driverUserUuid,
  driverStatusSlug: slug,
  driverStatusName: name,
  createdAt: AT,
  updatedAt: AT,
});
const onTheRoad = (uuid: string, driver: string): LiveMap['deliveries'][number] => ({
  deliveryUuid: uuid,
  name: `Run ${uuid.slice(0, 4)}`,
  status: 'en-route-to-dropoff',
  statusChangedAt: AT,
  role: 'owner',
  vehicle: null,
  drivers: [{ uuid: driver, name: 'Ben' }],
  stops: [],
  position: null,
});

/** The server as each kind of user meets it (a company with two drivers, or none yet); every path asked is kept. */
function server(roles: string[], { drivers = true } = {}) {
  const asked: string[] = [];
  const office = { [OFFICE]: user(OFFICE, 'Olive', 'Office', ['company-admin']) };
  const answers: Record<string, unknown> = {
    '/api/v1/me/role': roles.map((slug, i) => ({
      uuid: `5d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4${i}`,
      slug,
      name: slug,
    })),
    [`${ADMIN}/driver/user/uuid`]: drivers ? [BEN, ADA] : [],
    [`${ADMIN}/user`]: drivers
      ? {
          ...office,
          [ADA]: user(ADA, 'Ada', 'Ames', ['driver']),
          [BEN]: user(BEN, 'Ben', 'Brook', ['driver']),
        }
      : office,
    [`${ADMIN}/driver/info`]: drivers
      ? { [ADA]: info(ADA, 'available', 'Available'), [BEN]: info(BEN, 'on-delivery', 'On delivery') }
      : {},
    [`${ADMIN}/live-map`]: {
      deliveries: drivers
        ? [
            onTheRoad('44444444-4444-4444-8444-444444444444', BEN),
            onTheRoad('55555555-5555-4555-8555-555555555555', BEN),
          ]
        : [],
      truncated: false,
    } satisfies LiveMap,
    '/api/v1/driver/delivery': [],
  };
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = new URL(url, 'http://localhost').pathname;
    asked.push(path);
    const found = path in answers;
    return Promise.resolve(
      new Response(JSON.stringify(found ? { data: answers[path] } : { message: 'Not Found' }), {
        status: found ? 200 : 404,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  });
  return asked;
}

const show = () =>
  renderRoutes(
    [
      { path: '/DriverDashboard', element: <DriverDashboardPage /> },
      { path: '*', element: null },
    ],
    ['/DriverDashboard'],
  );
const driverCalls = (asked: string[]) => asked.filter((path) => path.startsWith('/api/v1/driver/'));

describe('/DriverDashboard by role (issue 33)', () => {
  beforeEach(() => {
    queryClient.clear();
    updatePersisted({ currentCompanySlug: SLUG });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    updatePersisted({ currentCompanySlug: null });
  });

  it('shows an admin who does not drive the company drivers and their day, asking no driver call', async () => {
    const asked = server(['company-admin']);
    show();
    const list = await screen.findByRole('list', { name: 'Drivers' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByText(/Ames|Brook/).textContent)).toEqual([
      'Ada Ames',
      'Ben Brook',
    ]);
    expect(within(rows[0]!).getByText('Available')).toBeTruthy();
    expect(within(rows[0]!).getByText('No active delivery')).toBeTruthy();
    expect(within(rows[1]!).getByText('On delivery')).toBeTruthy();
    const onTheMap = within(rows[1]!).getByRole('link', { name: /2 active deliveries of Ben Brook/ });
    expect(onTheMap.getAttribute('href')).toBe(`/ActiveDeliveriesMap?driver=${BEN}`);
    expect(screen.getByText('1 available · 1 out on deliveries')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add driver' }).getAttribute('href')).toBe('/DriverAdd');
    expect(screen.queryByText('This screen is for drivers')).toBeNull();
    expect(driverCalls(asked)).toEqual([]);
  });

  it('offers an admin with no drivers yet a way to add one', async () => {
    const asked = server(['company-admin'], { drivers: false });
    show();
    expect(await screen.findByText('No drivers yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add a driver' }).getAttribute('href')).toBe('/DriverAdd');
    expect(driverCalls(asked)).toEqual([]);
  });

  it('tells a member who neither drives nor administers what the screen is for, asking nothing of the server', async () => {
    const asked = server([]);
    show();
    expect(await screen.findByText('This screen is for drivers')).toBeTruthy();
    expect(asked).toEqual(['/api/v1/me/role']);
  });

  it("keeps an admin who also drives on their own deliveries, through the driver's calls", async () => {
    const asked = server(['company-admin', 'driver']);
    show();
    expect(await screen.findByText('No deliveries for you right now')).toBeTruthy();
    expect(asked).toContain('/api/v1/driver/delivery');
    expect(asked.filter((path) => path.startsWith(ADMIN))).toEqual([]);
    expect(screen.queryByRole('list', { name: 'Drivers' })).toBeNull();
  });
});
