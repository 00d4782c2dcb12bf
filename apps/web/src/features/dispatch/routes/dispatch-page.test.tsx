import type {
  BoardChangeBody,
  BoardPreview,
  BoardStop,
  DispatchBoard,
  DriverRoute,
  PlanDraft,
  RouteFigures,
  RouteStop,
  Vehicle,
} from '@courier/contract';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModalsSlot } from '../../../components/dialogs/modals';
import { updatePersisted } from '../../../lib/persist-store';
import { queryClient } from '../../../lib/query-client';
import { renderRoutes } from '../../../testing/render-app';
import DispatchPage from './dispatch-page';

vi.mock('@mantine/notifications', () => ({
  notifications: { show: vi.fn(), hide: vi.fn() },
  Notifications: () => null,
}));
// maplibre draws with WebGL, which jsdom has not: the map's canvas is a stand-in here (e2e draws the real one).
vi.mock('../components/dispatch-map-canvas', () => ({
  default: ({ data }: { data: { stops: unknown[]; waiting: unknown[] } }) => (
    <div data-testid="map-stub">
      {data.stops.length} route stops, {data.waiting.length} waiting
    </div>
  ),
}));

const SLUG = 'acme';
const BOARD_PATH = `/api/v1/c/${SLUG}/admin/dispatch`;
const ADA = '10000000-0000-4000-8000-000000000001';
const BEN = '10000000-0000-4000-8000-000000000002';
const VAN = '20000000-0000-4000-8000-000000000001';
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const stop = (d: number, order: 1 | 2): BoardStop => ({
  stepUuid: uuid(d * 10 + order),
  deliveryUuid: uuid(d),
  deliveryName: `Order ${d}`,
  stepOrderNo: order,
  kind: order === 1 ? 'pickup' : 'dropoff',
  label: `${d}${order} High Street`,
  location: { lat: 51.5 + d / 100, lng: -0.1 },
  window: { startAt: '2026-03-02T09:00:00.000Z', endAt: '2026-03-02T10:00:00.000Z' },
  done: false,
  etaAt: null,
});
const timed = (s: BoardStop, position: number, lateMinutes = 0): RouteStop => ({
  ...s,
  position,
  plannedArrivalAt: '2026-03-02T09:30:00.000Z',
  plannedDepartureAt: '2026-03-02T09:35:00.000Z',
  lateMinutes,
  locked: false,
  loadKg: 0,
  loadCm3: 0,
});
const figures = (extra: Partial<RouteFigures> = {}): RouteFigures => ({
  distanceM: 10_000,
  durationS: 3_600,
  lateStops: 0,
  lateMinutes: 0,
  peakKg: 10,
  peakCm3: 1_000,
  overCapacity: false,
  overShift: false,
  ...extra,
});
const route = (driverUserUuid: string, firstName: string, stops: BoardStop[]): DriverRoute => ({
  driverUserUuid,
  workingDay: {
    driverUserUuid,
    shiftStartMinute: 480,
    shiftEndMinute: 1080,
    breakMinutes: 30,
    breakFromMinute: 720,
    breakUntilMinute: 840,
    shiftStartAddressUuid: null,
    shiftEndAddressUuid: null,
    usualVehicleUuid: null,
  },
  firstName,
  lastName: 'Driver',
  driverStatusSlug: 'available',
  shift: {
    startsAt: '2026-03-02T08:00:00.000Z',
    endsAt: '2026-03-02T18:00:00.000Z',
    breakMinutes: 30,
    breakFrom: '2026-03-02T12:00:00.000Z',
    breakUntil: '2026-03-02T14:00:00.000Z',
    startPlace: null,
    endPlace: null,
  },
  vehicle:
    driverUserUuid === ADA
      ? { uuid: VAN, name: 'Van 1', sizeSlug: 'van-small', capacity: { kg: 600, cm3: 3_000_000 } }
      : null,
  stops: stops.map((s, i) => timed(s, i)),
  figures: figures(),
  location: null,
});

const BOARD: DispatchBoard = {
  day: '2026-03-02',
  timeZone: 'Europe/London',
  autoAssign: false,
  travel: 'estimate',
  routes: [route(ADA, 'Ada', [stop(1, 1), stop(1, 2)]), route(BEN, 'Ben', [])],
  unassigned: [
    {
      uuid: uuid(4),
      name: 'Order 4',
      liveStatusSlug: 'created',
      weightKg: 12,
      volumeCm3: 1_000,
      stops: [stop(4, 1), stop(4, 2)],
      assignedDriverName: null,
      autoAssignReason: 'No route can reach it within its window.',
    },
  ],
};

const VAN_ROW: Vehicle = {
  uuid: VAN,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  vehicleStatusTypeSlug: 'available',
  companySlug: SLUG,
  name: 'Van 1',
  description: '',
  vehicleModelUuid: null,
  vehicleMakeTypeSlug: null,
  vehicleSizeTypeSlug: 'van-small',
  vehicleColourTypeSlug: null,
  registrationNumber: 'AB12 CDE',
  vehicleYear: null,
  vehicleFeatureTypes: [],
  registrationNumberChecked: false,
  registrationNumberVerified: false,
  fleetUuids: [],
  location: null,
};

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

const PLAN_UUID = '30000000-0000-4000-8000-000000000001';
const plan = (status: PlanDraft['status']): PlanDraft => ({
  uuid: PLAN_UUID,
  day: BOARD.day,
  status,
  engine: 'built-in',
  driverUserUuids: [ADA, BEN],
  deliveryUuids: [uuid(4)],
  createdAt: new Date().toISOString(),
  finishedAt: status === 'solving' ? null : new Date().toISOString(),
  error: null,
  result:
    status === 'solving'
      ? null
      : {
          routes: [
            {
              driverUserUuid: ADA,
              stops: [stop(1, 1), stop(1, 2)].map((s, i) => timed(s, i)),
              before: figures(),
              after: figures(),
            },
            {
              driverUserUuid: BEN,
              stops: [stop(4, 1), stop(4, 2)].map((s, i) => timed(s, i, i === 1 ? 12 : 0)),
              before: figures({ distanceM: 0, durationS: 0 }),
              after: figures({ distanceM: 5_000, lateStops: 1 }),
            },
          ],
          unassigned: [],
          driversLeftOut: [],
          before: { distanceM: 10_000, durationS: 3_600, lateStops: 0, lateMinutes: 0, routed: 1 },
          after: { distanceM: 15_000, durationS: 7_200, lateStops: 1, lateMinutes: 12, routed: 2 },
          computingMs: 4_800,
          travelWarning: 'The road router did not answer: distances are straight lines.',
        },
});

/**
 * The board's calls: the board, a preview that times every stop (late ones of Order 4), a save, and a plan solved on
 * its second reading whose apply answers `applyAnswer`.
 */
interface Answer {
  status: number;
  body: unknown;
}

function server({
  saveAnswers = [],
  applyAnswer = { status: 200, body: { data: BOARD } },
  board = BOARD,
}: { saveAnswers?: Answer[]; applyAnswer?: Answer; board?: DispatchBoard } = {}) {
  const sent: Sent[] = [];
  const saves = [...saveAnswers];
  let planReads = 0;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = new URL(url, 'http://localhost').pathname;
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    sent.push({ method, path, body });
    const json = (status: number, payload: unknown) =>
      Promise.resolve(
        new Response(JSON.stringify(payload), { status, headers: { 'Content-Type': 'application/json' } }),
      );
    if (path === '/sanctum/csrf-cookie') return Promise.resolve(new Response(null, { status: 204 }));
    if (path === '/api/v1/me/role')
      return json(200, { data: [{ uuid: uuid(900), slug: 'company-admin', name: 'Admin' }] });
    if (path === BOARD_PATH && method === 'GET') return json(200, { data: board });
    if (path === `${BOARD_PATH}/preview`) {
      const change = body as BoardChangeBody;
      const all = new Map(
        [...BOARD.routes.flatMap((r) => r.stops), ...BOARD.unassigned.flatMap((d) => d.stops)].map((s) => [
          s.stepUuid,
          s,
        ]),
      );
      const preview: BoardPreview = {
        routes: change.routes.map((r) => ({
          driverUserUuid: r.driverUserUuid,
          stops: r.stepUuids.map((id, i) => timed(all.get(id)!, i, id === uuid(42) ? 12 : 0)),
          before: figures({ distanceM: 0, durationS: 0 }),
          after: figures({ distanceM: 8_000, lateStops: 1 }),
        })),
      };
      return json(200, { data: preview });
    }
    if (path === BOARD_PATH && method === 'PUT') {
      const answer = saves.shift() ?? { status: 200, body: { data: BOARD } };
      return json(answer.status, answer.body);
    }
    if (path === `${BOARD_PATH}/plan` && method === 'POST') return json(201, { data: plan('solving') });
    if (path === `${BOARD_PATH}/plan/${PLAN_UUID}` && method === 'GET')
      return json(200, { data: plan((planReads += 1) > 1 ? 'ready' : 'solving') });
    if (path === `${BOARD_PATH}/plan/${PLAN_UUID}/apply`) return json(applyAnswer.status, applyAnswer.body);
    if (path === `${BOARD_PATH}/plan/${PLAN_UUID}` && method === 'DELETE')
      return json(200, { data: plan('discarded') });
    if (path === `/api/v1/c/${SLUG}/admin/vehicle`)
      return json(200, {
        data: [VAN_ROW],
        meta: { current_page: 1, last_page: 1, per_page: 100, total: 1 },
      });
    return json(404, { message: 'Not Found' });
  });
  return sent;
}

const show = () =>
  renderRoutes(
    [
      {
        path: '/Dispatch',
        element: (
          <>
            <DispatchPage />
            <ModalsSlot />
          </>
        ),
      },
      { path: '*', element: null },
    ],
    ['/Dispatch'],
  );

const column = (name: string) =>
  screen.getAllByTestId('route-column').find((c) => within(c).queryByRole('heading', { name }))!;

async function moveOrder4ToBen(user: ReturnType<typeof userEvent.setup>) {
  const waiting = await screen.findByTestId('unassigned-delivery');
  await user.click(within(waiting).getByRole('button', { name: 'Actions for Order 4' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Move to driver…' }));
  const dialog = await screen.findByRole('dialog', { name: 'Move Order 4' });
  // Chosen with the keyboard alone: type to filter, arrow down, Enter.
  await user.click(within(dialog).getByRole('combobox', { name: 'Driver' }));
  await user.keyboard('Ben{ArrowDown}{Enter}');
  await user.click(within(dialog).getByRole('button', { name: 'Move' }));
}

describe('/Dispatch: the dispatch board (issue 35)', () => {
  beforeEach(() => {
    queryClient.clear();
    updatePersisted({ currentCompanySlug: SLUG });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
    updatePersisted({ currentCompanySlug: null });
  });

  it('shows the unassigned deliveries and each driver’s route with times against windows', async () => {
    server();
    show();
    const waiting = await screen.findByTestId('unassigned-delivery');
    expect(within(waiting).getByText('Order 4')).toBeTruthy();
    expect(within(waiting).getByText('12 kg')).toBeTruthy();
    expect(within(waiting).getByTestId('auto-assign-reason').textContent).toBe(
      'Not auto-assigned: No route can reach it within its window.',
    );
    const ada = column('Ada Driver');
    expect(within(ada).getAllByTestId('route-stop')).toHaveLength(2);
    expect(within(ada).getByText('Van 1')).toBeTruthy();
    expect(within(ada).getByText(/^10 kg of 600 kg/)).toBeTruthy();
    expect(within(column('Ben Driver')).getByText('No vehicle')).toBeTruthy();
    expect(screen.getByRole('switch', { name: /Auto-assignment/ })).toBeTruthy();
    expect(screen.getByText(/New deliveries go into the best driver's route/)).toBeTruthy();
    expect((await screen.findByTestId('map-stub')).textContent).toBe('2 route stops, 2 waiting');
  });

  it('tells when a driver with stops is away for the day, and how to give the stops to others', async () => {
    const away = {
      ...BOARD,
      routes: BOARD.routes.map((r) =>
        r.driverUserUuid === ADA ? { ...r, driverStatusSlug: 'on-leave' } : r,
      ),
    };
    server({ board: away });
    show();
    const ada = await screen.findByRole('region', { name: 'Ada Driver' });
    expect((await within(ada).findByTestId('driver-away')).textContent).toMatch(
      /^Ada is on.leave: optimise with Ada and the other drivers to give these stops to them\.$/i,
    );
    expect(within(column('Ben Driver')).queryByTestId('driver-away')).toBeNull();
  });

  it('moves a delivery from its menu, previews the new times, asks for a vehicle the server wants, and saves', async () => {
    const sent = server({
      saveAnswers: [
        {
          status: 422,
          body: {
            message: 'The given data was invalid.',
            errors: {
              'routes.0.vehicleUuid': ['Choose a vehicle for Ben Driver: they have no usual vehicle.'],
            },
          },
        },
      ],
    });
    const user = userEvent.setup();
    show();
    await moveOrder4ToBen(user);

    // Both stops of Order 4 are at the end of Ben's route, pickup first; the preview times them.
    const ben = column('Ben Driver');
    await waitFor(() => expect(within(ben).getAllByTestId('route-stop')).toHaveLength(2));
    expect(
      within(ben)
        .getAllByTestId('route-stop')
        .map((s) => s.getAttribute('data-step')),
    ).toEqual([uuid(41), uuid(42)]);
    expect(await within(ben).findByText('+12 min')).toBeTruthy();
    expect(within(ben).getByTestId('route-figures-change').textContent).toMatch(/Late stops0 → 1/);
    expect(screen.getByRole('region', { name: 'Unsaved changes' }).textContent).toMatch(
      /Unsaved changes: 1 route/,
    );
    const preview = sent.find((s) => s.path === `${BOARD_PATH}/preview`);
    expect(preview?.body).toEqual({
      day: '2026-03-02',
      routes: [{ driverUserUuid: BEN, stepUuids: [uuid(41), uuid(42)], lockedStepUuids: [] }],
      unassignDeliveryUuids: [],
    });
    expect(screen.queryByTestId('unassigned-delivery')).toBeNull();

    // The server wants a vehicle for Ben: the column offers one, with the server's words.
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await within(ben).findByText('Choose a vehicle for Ben Driver: they have no usual vehicle.'),
    ).toBeTruthy();
    await user.click(within(ben).getByRole('combobox', { name: 'Vehicle for the new deliveries' }));
    await user.keyboard('Van{ArrowDown}{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Routes Saved' })),
    );
    const saves = sent.filter((s) => s.path === BOARD_PATH && s.method === 'PUT');
    expect(saves.at(-1)?.body).toEqual({
      day: '2026-03-02',
      routes: [
        { driverUserUuid: BEN, vehicleUuid: VAN, stepUuids: [uuid(41), uuid(42)], lockedStepUuids: [] },
      ],
      unassignDeliveryUuids: [],
    });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Unsaved changes' })).toBeNull());
  });

  it('refuses to put a dropoff before its pickup, and discards changes', async () => {
    server();
    const user = userEvent.setup();
    const { router } = show();
    const ada = await waitFor(() => column('Ada Driver'));
    const dropoff = within(ada).getAllByTestId('route-stop')[1]!;
    await user.click(within(dropoff).getByRole('button', { name: 'Actions for Order 1 dropoff' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move up' }));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Order 1: a dropoff cannot come before its pickup.' }),
      ),
    );
    expect(screen.queryByRole('region', { name: 'Unsaved changes' })).toBeNull();

    // A lock is a change too, and Discard puts the board back.
    await user.click(within(ada).getByRole('button', { name: 'Lock Order 1 pickup' }));
    expect(await screen.findByRole('region', { name: 'Unsaved changes' })).toBeTruthy();

    // Leaving for another screen asks first; staying keeps the changes.
    void router.navigate('/CompanyDashboard');
    const leave = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(leave).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/Dispatch');
    expect(screen.getByRole('region', { name: 'Unsaved changes' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(screen.queryByRole('region', { name: 'Unsaved changes' })).toBeNull();
    expect(
      within(ada).getByRole('button', { name: 'Lock Order 1 pickup' }).getAttribute('aria-pressed'),
    ).toBe('false');
  });

  it('asks before unassigning a delivery from a route', async () => {
    server();
    const user = userEvent.setup();
    show();
    const ada = await waitFor(() => column('Ada Driver'));
    await user.click(within(ada).getAllByRole('button', { name: 'Actions for Order 1 pickup' })[0]!);
    await user.click(await screen.findByRole('menuitem', { name: 'Unassign' }));
    const confirm = await screen.findByRole('dialog', { name: 'Unassign this delivery?' });
    await user.click(within(confirm).getByRole('button', { name: 'Unassign' }));
    await waitFor(() => expect(within(ada).queryAllByTestId('route-stop')).toHaveLength(0));
    const waiting = screen.getAllByTestId('unassigned-delivery').map((d) => d.getAttribute('data-delivery'));
    expect(waiting).toEqual([uuid(1), uuid(4)]);
  });

  it('optimises the ticked deliveries, follows the plan while it is solved, and offers a new one on a 409', async () => {
    const sent = server({
      applyAnswer: {
        status: 409,
        body: {
          message:
            'The board changed since this plan was made: optimise again for a plan of the day as it is.',
        },
      },
    });
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('checkbox', { name: 'Choose Order 4 for an optimisation' }));
    await user.click(screen.getByRole('button', { name: 'Optimise (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Optimise routes' });
    expect(within(dialog).getByRole('checkbox', { name: 'Ada Driver' })).toHaveProperty('checked', true);
    expect(within(dialog).getByRole('checkbox', { name: 'Order 4' })).toHaveProperty('checked', true);
    await user.click(within(dialog).getByRole('button', { name: 'Optimise' }));

    expect(await within(dialog).findByText('Optimising…')).toBeTruthy();
    const review = await screen.findByTestId('plan-review');
    expect(sent.find((s) => s.path === `${BOARD_PATH}/plan` && s.method === 'POST')?.body).toEqual({
      day: BOARD.day,
      driverUserUuids: [ADA, BEN],
      deliveryUuids: [uuid(4)],
    });
    expect(
      within(review).getByText('The road router did not answer: distances are straight lines.'),
    ).toBeTruthy();
    const totals = within(review).getByRole('table', { name: 'Totals before and after' });
    expect(within(totals).getByRole('row', { name: /Deliveries routed/ }).textContent).toBe(
      'Deliveries routed12',
    );
    expect(within(review).getByRole('list', { name: 'Proposed order for Ada Driver' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Apply plan' }));
    expect(
      await screen.findByText(
        'The board changed since this plan was made: optimise again for a plan of the day as it is.',
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Optimise again' }));
    expect(await screen.findByRole('button', { name: 'Optimise' })).toBeTruthy();
    await waitFor(() =>
      expect(sent.some((s) => s.path === `${BOARD_PATH}/plan/${PLAN_UUID}` && s.method === 'DELETE')).toBe(
        true,
      ),
    );
  });
});
