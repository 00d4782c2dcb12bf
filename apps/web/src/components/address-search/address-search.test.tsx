import type { Place } from '@courier/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mantineTheme } from '../../lib/mantine-theme';
import { queryClient } from '../../lib/query-client';
import { CAMDEN, CAMDEN_ROAD, companyIn, json, servePlaces } from '../../testing/fake-places';
import { AddressSearch, type AddressSearchProps } from './address-search';

// No pause between keys: the whole text is typed within one debounce, whatever the machine's load.
const user = () => userEvent.setup({ delay: null });

function renderSearch(props: Partial<AddressSearchProps> = {}) {
  const onPick = vi.fn<(place: Place) => void>();
  render(
    // Mantine's test environment: no transitions, and no hiding of a dropdown whose input jsdom does not lay out.
    <MantineProvider theme={mantineTheme} env="test">
      <QueryClientProvider client={queryClient}>
        <AddressSearch onPick={onPick} {...props} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return onPick;
}

const field = () => screen.findByLabelText('Search for an address');

describe('the address search', () => {
  afterEach(() => {
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it('asks once the typing pauses, biased to the country given, and a click picks a suggestion', async () => {
    const server = servePlaces({});
    const onPick = renderSearch({ country: 'gb', near: { lat: 51.5, lng: -0.1 } });
    const input = await field();
    await user().type(input, 'Camden');
    expect(await screen.findByRole('option', { name: CAMDEN.label })).toBeTruthy();
    // One request for the whole text, none for its first letters.
    expect(server.searches().map((r) => Object.fromEntries(r.query))).toEqual([
      { q: 'Camden', country: 'GB', nearLat: '51.5', nearLng: '-0.1' },
    ]);
    expect(screen.getByText('© OpenStreetMap')).toBeTruthy();
    await userEvent.click(screen.getByRole('option', { name: CAMDEN_ROAD.label }));
    expect(onPick).toHaveBeenCalledWith(CAMDEN_ROAD);
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('with no country typed, ranks the company’s country first', async () => {
    const server = servePlaces({ company: companyIn('FR') });
    renderSearch({ country: '' });
    await user().type(await field(), 'Rue de Rivoli');
    await waitFor(() => expect(server.searches().at(-1)?.query.get('country')).toBe('FR'));
  });

  it('asks nothing under three characters', async () => {
    const server = servePlaces({});
    renderSearch();
    await user().type(await field(), 'Ca');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(server.searches()).toEqual([]);
  });

  it('cancels the request when the typing goes on', async () => {
    const server = servePlaces({ search: (q) => (q === 'Cam' ? null : json(200, { data: [CAMDEN] })) });
    renderSearch();
    const input = await field();
    await user().type(input, 'Cam');
    await waitFor(() => expect(server.searches()).toHaveLength(1));
    await user().type(input, 'den High');
    expect(await screen.findByRole('option', { name: CAMDEN.label })).toBeTruthy();
    const [first, last] = server.searches();
    expect(first?.signal?.aborted).toBe(true);
    expect(last?.query.get('q')).toBe('Camden High');
  });

  it('picks with the arrows and Enter, and Escape closes the list', async () => {
    servePlaces({});
    const onPick = renderSearch();
    const input = await field();
    const typing = user();
    await typing.type(input, 'Camden');
    await screen.findByRole('option', { name: CAMDEN.label });
    await typing.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('option')).toBeNull());
    await typing.keyboard('{ArrowDown}');
    await screen.findByRole('option', { name: CAMDEN.label });
    await typing.keyboard('{ArrowDown}{Enter}');
    expect(onPick).toHaveBeenCalledWith(CAMDEN_ROAD);
  });

  it('says when nothing is found', async () => {
    servePlaces({ search: () => json(200, { data: [] }) });
    renderSearch();
    await user().type(await field(), 'Nowhere at all');
    expect(await screen.findByText('No address found: type it in below')).toBeTruthy();
  });

  it("shows a busy geocoder's message as a hint, not an error", async () => {
    const message = 'The address search is busy. Type the address: it is saved and placed on the map later.';
    servePlaces({ search: () => json(503, { message }) });
    renderSearch();
    const input = await field();
    await user().type(input, 'Camden');
    const hint = await screen.findByRole('status');
    expect(hint.textContent).toBe(message);
    expect(input.getAttribute('aria-invalid')).not.toBe('true');
    expect(input.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.queryByRole('option')).toBeNull();
  });

  it('searches only on Enter or the button where suggestions as one types are not allowed', async () => {
    const server = servePlaces({
      config: { provider: 'nominatim', autocomplete: false, attribution: '© OpenStreetMap contributors' },
    });
    const onPick = renderSearch();
    const input = await field();
    expect(screen.getByText(/Press Enter or Search/)).toBeTruthy();
    const typing = user();
    await typing.type(input, 'Camden');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(server.searches()).toEqual([]);
    await typing.keyboard('{Enter}');
    const list = await screen.findByRole('listbox', { name: 'Suggested addresses' });
    expect(within(list).getAllByRole('option')).toHaveLength(2);
    expect(server.searches().map((r) => r.query.get('q'))).toEqual(['Camden']);
    await typing.keyboard('{ArrowDown}{Enter}');
    expect(onPick).toHaveBeenCalledWith(CAMDEN);

    await typing.type(input, 'Camden Road');
    await typing.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(server.searches()).toHaveLength(2));
  });

  it('is not shown when the server has no geocoder', async () => {
    const server = servePlaces({ config: { provider: 'none', autocomplete: false, attribution: '' } });
    renderSearch();
    await waitFor(() => expect(server.sent.some((r) => r.path === '/api/v1/places/config')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByLabelText('Search for an address')).toBeNull();
  });
});
