import type { DirectoryAddress } from '@courier/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mantineTheme } from '../../../lib/mantine-theme';
import { queryClient } from '../../../lib/query-client';
import { CAMDEN, json, servePlaces, type SearchAnswer, type Sent } from '../../../testing/fake-places';
import { AddressFormModal } from './address-form-modal';
import { AddressTable } from './address-table';

const SAVED: DirectoryAddress = {
  uuid: '11111111-1111-4111-8111-111111111111',
  label: null,
  line1: '30 Camden High Street',
  city: 'London',
  postcode: 'NW1 0JH',
  countryCode: 'GB',
  placeStatus: 'placed',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const ADDRESS_PATH = '/api/v1/c/acme/admin/address';

/** The server: the address search, and the directory's create and update, answering the address saved. */
function serve(search?: SearchAnswer) {
  const server = servePlaces({
    ...(search ? { search } : {}),
    other: (sent: Sent) =>
      sent.path.startsWith(ADDRESS_PATH) && sent.method !== 'GET' ? json(201, { data: SAVED }) : undefined,
  });
  return { ...server, saved: () => server.sent.find((r) => r.path.startsWith(ADDRESS_PATH))?.body };
}

function renderForm(address: DirectoryAddress | null = null) {
  const onClose = vi.fn();
  render(
    <MantineProvider theme={mantineTheme} env="test">
      <QueryClientProvider client={queryClient}>
        <AddressFormModal slug="acme" state={{ address }} onClose={onClose} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return onClose;
}

const typing = () => userEvent.setup({ delay: null });
const input = (label: RegExp) => screen.getByLabelText<HTMLInputElement>(label);

describe('the directory address form', () => {
  afterEach(() => {
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it('fills the fields from a picked suggestion and saves its point as a suggestion', async () => {
    const server = serve();
    const onClose = renderForm();
    const user = typing();
    await user.type(await screen.findByLabelText('Search for an address'), 'Camden High');
    await user.click(await screen.findByRole('option', { name: CAMDEN.label }));
    expect(input(/^Address line 1/).value).toBe('30 Camden High Street');
    expect(input(/^City/).value).toBe('London');
    expect(input(/^County/).value).toBe('Greater London');
    expect(input(/^Postcode/).value).toBe('NW1 0JH');
    expect(screen.getByText(`On the map: ${CAMDEN.label}`)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add address' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(server.saved()).toEqual({
      line1: '30 Camden High Street',
      city: 'London',
      county: 'Greater London',
      postcode: 'NW1 0JH',
      countryCode: 'GB',
      lat: CAMDEN.lat,
      lng: CAMDEN.lng,
      placement: 'suggestion',
    });
  });

  it('drops the point when the address is changed after the pick, for the server to place it again', async () => {
    const server = serve();
    const onClose = renderForm();
    const user = typing();
    await user.type(await screen.findByLabelText('Search for an address'), 'Camden High');
    await user.click(await screen.findByRole('option', { name: CAMDEN.label }));
    await user.clear(input(/^Address line 1/));
    await user.type(input(/^Address line 1/), '32 Camden High Street');
    expect(screen.getByText('Will be placed on the map after saving')).toBeTruthy();
    expect(input(/^Latitude/).value).toBe('');
    await user.click(screen.getByRole('button', { name: 'Add address' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const body = server.saved() as Record<string, unknown>;
    expect(body.line1).toBe('32 Camden High Street');
    expect(body).not.toHaveProperty('lat');
    expect(body).not.toHaveProperty('lng');
    expect(body).not.toHaveProperty('placement');
  });

  it('says when the geocoder is down, and the address typed in is still saved, without a point', async () => {
    const message = 'The address search is not available. Type the address: it is saved and placed later.';
    const server = serve(() => json(503, { message }));
    const onClose = renderForm();
    const user = typing();
    await user.type(await screen.findByLabelText('Search for an address'), 'Camden High');
    expect((await screen.findByRole('status')).textContent).toBe(message);
    await user.type(input(/^Address line 1/), '30 Camden High Street');
    await user.type(input(/^City/), 'London');
    await user.type(input(/^Postcode/), 'NW1 0JH');
    await user.click(screen.getByRole('button', { name: 'Add address' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(server.saved()).toEqual({
      line1: '30 Camden High Street',
      city: 'London',
      postcode: 'NW1 0JH',
      countryCode: 'GB',
    });
  });

  it("keeps a stored address's point and status when only its label changes", async () => {
    const server = serve();
    const onClose = renderForm({ ...SAVED, location: { lat: 51.5362, lng: -0.1406 } });
    const user = typing();
    expect(await screen.findByText('On the map: 30 Camden High Street, London, NW1 0JH')).toBeTruthy();
    await user.type(input(/^Label/), 'Shop');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(server.saved()).toMatchObject({
      label: 'Shop',
      lat: 51.5362,
      lng: -0.1406,
      placement: 'suggestion',
    });
  });

  it('marks coordinates typed in as placed by hand', async () => {
    const server = serve();
    const onClose = renderForm();
    const user = typing();
    await user.type(await screen.findByLabelText(/^Address line 1/), '1 Poultry');
    await user.type(input(/^City/), 'London');
    await user.type(input(/^Postcode/), 'EC2R 8EJ');
    await user.type(input(/^Latitude/), '51.5134');
    await user.type(input(/^Longitude/), '-0.0906');
    await user.click(screen.getByRole('button', { name: 'Add address' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(server.saved()).toMatchObject({ lat: 51.5134, lng: -0.0906, placement: 'hand' });
  });
});

describe('the directory address list', () => {
  it('shows whether each address is on the map', () => {
    render(
      <MantineProvider theme={mantineTheme} env="test">
        <AddressTable
          addresses={[
            { ...SAVED, location: { lat: 51.5362, lng: -0.1406 } },
            { ...SAVED, uuid: '22222222-2222-4222-8222-222222222222', placeStatus: 'pending' },
            { ...SAVED, uuid: '33333333-3333-4333-8333-333333333333', placeStatus: 'not_found' },
            { ...SAVED, uuid: '44444444-4444-4444-8444-444444444444', placeStatus: 'manual' },
          ]}
          onEdit={() => undefined}
          onDelete={() => undefined}
        />
      </MantineProvider>,
    );
    const badges = [...document.querySelectorAll('[data-place-status]')].map((b) => b.textContent);
    expect(badges).toEqual(['On the map', 'Being placed', 'Not found', 'Placed by hand']);
  });
});
