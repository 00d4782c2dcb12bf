import type { BidRates, PlacesConfig } from '@courier/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mantineTheme } from '../../../lib/mantine-theme';
import { queryClient } from '../../../lib/query-client';
import { CAMDEN, json, servePlaces, type Sent } from '../../../testing/fake-places';
import { BidRatesCard } from './bid-rates-form';

const RATES: BidRates = {
  depot: null,
  localRadiusMiles: 10,
  matchRadiusMiles: 25,
  currencyCode: 'GBP',
  local: { costPerDistance: 1.5, costPerHour: 20, baseFare: 5 },
  outlying: { costPerDistance: 2, costPerHour: 25, baseFare: 8 },
};
const PATH = '/api/v1/c/acme/admin/bid-rates';

function serve(config?: PlacesConfig) {
  const server = servePlaces({
    ...(config ? { config } : {}),
    other: (sent: Sent) => {
      if (sent.path !== PATH) return undefined;
      return json(200, { data: sent.method === 'PUT' ? sent.body : RATES });
    },
  });
  return () => server.sent.find((r) => r.path === PATH && r.method === 'PUT')?.body;
}

function renderCard() {
  render(
    <MantineProvider theme={mantineTheme} env="test">
      <QueryClientProvider client={queryClient}>
        <BidRatesCard slug="acme" />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('the depot', () => {
  afterEach(() => {
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it('is found with the address search: the pick names it and keeps its point', async () => {
    const saved = serve();
    renderCard();
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByText('No depot yet: search for its address')).toBeTruthy();
    expect(screen.queryByLabelText(/^Latitude/)).toBeNull();
    await user.type(await screen.findByLabelText("Search for the depot's address"), 'Camden High');
    await user.click(await screen.findByRole('option', { name: CAMDEN.label }));
    expect(screen.getByLabelText<HTMLInputElement>(/^Label/).value).toBe(CAMDEN.label);
    expect(screen.getByText(`On the map: ${CAMDEN.label} (51.53620, -0.14060)`)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save rates' }));
    await waitFor(() =>
      expect(saved()).toMatchObject({ depot: { label: CAMDEN.label, lat: CAMDEN.lat, lng: CAMDEN.lng } }),
    );
  });

  it('takes coordinates typed in behind a toggle', async () => {
    const saved = serve();
    renderCard();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Enter coordinates instead' }));
    await user.type(screen.getByLabelText(/^Label/), 'Hackney');
    await user.type(screen.getByLabelText(/^Latitude/), '51.545');
    await user.type(screen.getByLabelText(/^Longitude/), '-0.055');
    await user.click(screen.getByRole('button', { name: 'Save rates' }));
    await waitFor(() =>
      expect(saved()).toMatchObject({ depot: { label: 'Hackney', lat: 51.545, lng: -0.055 } }),
    );
  });

  it('shows the coordinates at once where the server has no geocoder', async () => {
    serve({ provider: 'none', autocomplete: false, attribution: '' });
    renderCard();
    expect(await screen.findByText('No depot yet: enter its coordinates')).toBeTruthy();
    expect(screen.getByLabelText(/^Latitude/)).toBeTruthy();
    expect(screen.queryByLabelText("Search for the depot's address")).toBeNull();
    expect(screen.queryByRole('button', { name: 'Enter coordinates instead' })).toBeNull();
  });
});
