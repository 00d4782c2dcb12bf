import type { Company, DeliveryBatchItem } from '@courier/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cellsToCsv } from '../../../lib/csv-import/parse-csv';
import { deliveryKeys } from '../../../lib/delivery-keys';
import { updatePersisted } from '../../../lib/persist-store';
import { queryClient } from '../../../lib/query-client';
import { renderRoutes } from '../../../testing/render-app';
import DeliveryImportPage from './delivery-import-page';

vi.mock('@mantine/notifications', () => ({
  notifications: { show: vi.fn(), hide: vi.fn() },
  Notifications: () => null,
}));

const SLUG = 'acme';
const BATCH_PATH = `/api/v1/c/${SLUG}/admin/delivery/batch`;
const CREATED_UUID = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';
const TAKEN_UUID = '0b5c6a52-7f0a-4d47-9a42-3c0a8a3c2f11';

const COMPANY: Company = {
  uuid: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  slug: SLUG,
  name: 'Acme',
  description: '',
  logoUrl: null,
  companyTypeSlug: 'shipper',
  countryCode: 'GB',
  isActive: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

/** A shop's export: its own column names, one good order, one without a dropoff postcode, one imported before. */
const FILE = cellsToCsv([
  [
    'Order No',
    'Collection address',
    'Collection city',
    'Collection postcode',
    'Ship to street',
    'Ship to city',
    'Ship to postcode',
    'Recipient',
    'Qty',
  ],
  ['ABC-1', '1 Poultry', 'London', 'EC2R 8EJ', '10 Park Row', 'Leeds', 'LS1 5HD', 'Grace Hopper', '2'],
  ['ABC-2', '1 Poultry', 'London', 'EC2R 8EJ', '2 Castle Street', 'York', '', 'Alan Turing', '1'],
  ['ABC-3', '1 Poultry', 'London', 'EC2R 8EJ', '5 Bridge St', 'Bath', 'BA2 4AT', 'Ada Lovelace', '1'],
]);

/** The calls of the screen: roles, companies and the batch create, answering ABC-3 with a 409. */
function server() {
  const batches: { deliveries: { externalId?: string }[] }[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = new URL(url, 'http://localhost').pathname;
    const json = (status: number, payload: unknown) =>
      Promise.resolve(
        new Response(JSON.stringify(payload), { status, headers: { 'Content-Type': 'application/json' } }),
      );
    if (path === '/sanctum/csrf-cookie') return Promise.resolve(new Response(null, { status: 204 }));
    if (path === '/api/v1/me/role')
      return json(200, {
        data: [{ uuid: '5d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c40', slug: 'company-admin', name: 'Admin' }],
      });
    if (path === '/api/v1/me/company') return json(200, { data: [COMPANY] });
    if (path === BATCH_PATH && init?.method === 'POST') {
      const body = JSON.parse(init.body as string) as (typeof batches)[number];
      batches.push(body);
      const items = body.deliveries.map((d, index): DeliveryBatchItem =>
        d.externalId === 'ABC-3'
          ? {
              index,
              status: 'failed',
              statusCode: 409,
              message: `A delivery with the external id "ABC-3" exists already: ${TAKEN_UUID}.`,
              errors: { externalId: ['taken'] },
            }
          : {
              index,
              status: 'created',
              uuid: CREATED_UUID,
              externalId: d.externalId ?? null,
              trackingCode: 'TRK-0001',
            },
      );
      const created = items.filter((i) => i.status === 'created').length;
      return json(200, { data: { created, failed: items.length - created, items } });
    }
    return json(404, { message: 'Not Found' });
  });
  return batches;
}

const show = () =>
  renderRoutes(
    [
      { path: '/DeliveryImport', element: <DeliveryImportPage /> },
      { path: '*', element: null },
    ],
    ['/DeliveryImport'],
  );

async function chooseFile(user: ReturnType<typeof userEvent.setup>, text: string, name = 'orders.csv') {
  await screen.findByRole('heading', { name: 'Choose a file' });
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('No file input');
  await user.upload(input, new File([text], name, { type: 'text/csv' }));
}

describe('/DeliveryImport: orders from a file (issue 34)', () => {
  beforeEach(() => {
    queryClient.clear();
    updatePersisted({ currentCompanySlug: SLUG });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
    updatePersisted({ currentCompanySlug: null });
  });

  it('maps the columns, holds back the bad row, sends the others and reports every row', async () => {
    const batches = server();
    const user = userEvent.setup();
    queryClient.setQueryData(deliveryKeys.list(SLUG, { page: 1 }), []);
    show();
    await chooseFile(user, FILE);

    // The columns are matched from their names.
    await screen.findByRole('heading', { name: 'Match the columns' });
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Order number' }).value).toBe(
      'Order No (ABC-1)',
    );
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: /^Dropoff postcode/ }).value).toBe(
      'Ship to postcode (LS1 5HD)',
    );
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: /^Dropoff contact name/ }).value).toBe(
      'Recipient (Grace Hopper)',
    );
    await user.click(screen.getByRole('button', { name: 'Check the rows' }));

    // The preview marks the row without a postcode, by the file's column.
    await screen.findByRole('heading', { name: 'Check the rows' });
    expect(screen.getByText('3 rows: 2 ready, 1 with problems')).toBeTruthy();
    const preview = screen.getByRole('table', { name: 'Rows as they will be sent' });
    const bad = preview.querySelector('tr[data-row="3"]') as HTMLElement;
    expect(within(bad).getByText('Ship to postcode:')).toBeTruthy();
    expect(within(bad).getByText('Postcode is required')).toBeTruthy();
    expect(within(preview.querySelector('tr[data-row="2"]') as HTMLElement).getByText('Ready')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Import 2 orders' }));
    await screen.findByRole('heading', { name: 'Import finished' });

    // Only the good rows were sent, as create-delivery bodies.
    expect(batches).toHaveLength(1);
    expect(batches[0]?.deliveries).toHaveLength(2);
    expect(batches[0]?.deliveries[0]).toMatchObject({
      name: 'Order ABC-1',
      externalId: 'ABC-1',
      steps: [
        {
          kind: 'pickup',
          address: { line1: '1 Poultry', city: 'London', postcode: 'EC2R 8EJ', countryCode: 'GB' },
        },
        {
          kind: 'dropoff',
          address: { line1: '10 Park Row', city: 'Leeds', postcode: 'LS1 5HD', countryCode: 'GB' },
          contacts: [{ firstname: 'Grace', lastname: 'Hopper' }],
        },
      ],
      parcels: [{ name: 'Parcel', quantity: 2 }],
    });

    expect(screen.getByTestId('import-summary').textContent).toBe('1 delivery created, 2 rows not imported.');
    const report = screen.getByRole('table', { name: 'Result of each row' });
    const taken = report.querySelector('tr[data-row="4"]') as HTMLElement;
    expect(
      within(taken).getByText(
        'Order ABC-3 exists already: leave this row out, or give it a new order number.',
      ),
    ).toBeTruthy();
    expect(
      within(taken).getByRole('link', { name: 'Open the delivery of order ABC-3' }).getAttribute('href'),
    ).toBe(`/DeliveryDetail/${TAKEN_UUID}`);
    expect(
      within(report.querySelector('tr[data-row="3"]') as HTMLElement).getByText('Postcode is required'),
    ).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: 'Created (1)' }));
    const created = screen
      .getByRole('table', { name: 'Result of each row' })
      .querySelector('tr[data-row="2"]');
    expect(
      within(created as HTMLElement)
        .getByRole('link', { name: 'TRK-0001' })
        .getAttribute('href'),
    ).toBe(`/DeliveryDetail/${CREATED_UUID}`);

    // The failed rows download as the file had them, with the problem beside each.
    const blobs: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (b: Blob) => (blobs.push(b), 'blob:x'),
        revokeObjectURL: () => undefined,
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Download the failed rows' }));
    const lines = (await blobs[0]!.text()).split('\r\n');
    expect(lines[0]).toBe(
      'Order No,Collection address,Collection city,Collection postcode,Ship to street,Ship to city,Ship to postcode,Recipient,Qty,Import problem',
    );
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['ABC-2', 'ABC-3']);
    expect(lines[1]).toContain('Ship to postcode: Postcode is required');

    // The deliveries lists are read again.
    await waitFor(() =>
      expect(queryClient.getQueryState(deliveryKeys.list(SLUG, { page: 1 }))?.isInvalidated).toBe(true),
    );
  });

  it('asks for the required columns before going on, and refuses an empty file', async () => {
    server();
    const user = userEvent.setup();
    show();
    await chooseFile(user, 'Reference\n');
    expect(await screen.findByText('The file has no rows under its header row.')).toBeTruthy();

    await chooseFile(user, 'Reference,Where\nABC-1,Leeds');
    await screen.findByRole('heading', { name: 'Match the columns' });
    await user.click(screen.getByRole('button', { name: 'Check the rows' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^Choose a column for Pickup address, Pickup city/,
    );
    expect(screen.getByRole('heading', { name: 'Match the columns' })).toBeTruthy();
    const pickup = screen.getByRole<HTMLInputElement>('combobox', { name: /^Pickup address( \*)?$/ });
    expect(document.activeElement).toBe(pickup);

    // A column is chosen with the keyboard alone: type to filter, arrow down, Enter.
    await user.keyboard('Wher');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(pickup.value).toBe('Where (Leeds)');
    await user.click(screen.getByRole('button', { name: 'Check the rows' }));
    expect(screen.getByRole('alert').textContent).toMatch(
      /^Choose a column for Pickup city, Pickup postcode/,
    );
  });
});
