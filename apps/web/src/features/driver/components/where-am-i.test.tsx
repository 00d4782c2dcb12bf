import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mantineTheme } from '../../../lib/mantine-theme';
import { queryClient } from '../../../lib/query-client';
import { CAMDEN, json, servePlaces, type Sent } from '../../../testing/fake-places';
import { WhereAmI } from './where-am-i';

const HERE = { lat: 51.53621, lng: -0.14061 };

function renderAt(point: { lat: number; lng: number } | null) {
  render(
    <MantineProvider theme={mantineTheme} env="test">
      <QueryClientProvider client={queryClient}>
        <WhereAmI point={point} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const reverseWith = (answer: (sent: Sent) => Response) => (sent: Sent) =>
  sent.path === '/api/v1/places/reverse' ? answer(sent) : undefined;

describe('"Where am I?" on the driver’s phone', () => {
  afterEach(() => {
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it('names the nearest address to the last position on a tap, and asks nothing before', async () => {
    const server = servePlaces({ other: reverseWith(() => json(200, { data: CAMDEN })) });
    renderAt(HERE);
    const button = await screen.findByRole('button', { name: 'Where am I?' });
    expect(server.sent.filter((r) => r.path === '/api/v1/places/reverse')).toEqual([]);
    await userEvent.click(button);
    expect(await screen.findByRole('status')).toHaveProperty('textContent', `You are near ${CAMDEN.label}.`);
    const asked = server.sent.filter((r) => r.path === '/api/v1/places/reverse');
    expect(asked.map((r) => Object.fromEntries(r.query))).toEqual([{ lat: '51.53621', lng: '-0.14061' }]);
  });

  it('gives the coordinates where no address is known, and the server’s words when the geocoder is away', async () => {
    servePlaces({ other: reverseWith(() => json(200, { data: null })) });
    renderAt(HERE);
    await userEvent.click(await screen.findByRole('button', { name: 'Where am I?' }));
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      'No address is known here (51.53621, -0.14061).',
    );
    queryClient.clear();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';

    const busy = 'The address search is busy: try again in a minute.';
    servePlaces({ other: reverseWith(() => json(503, { message: busy })) });
    renderAt(HERE);
    await userEvent.click(await screen.findByRole('button', { name: 'Where am I?' }));
    expect(await screen.findByRole('status')).toHaveProperty('textContent', busy);
  });

  it('is not offered without a geocoder, nor before the phone has a position', async () => {
    const server = servePlaces({ config: { provider: 'none', autocomplete: false, attribution: '' } });
    renderAt(HERE);
    await vi.waitFor(() => expect(server.sent.some((r) => r.path === '/api/v1/places/config')).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: 'Where am I?' })).toBeNull();
    queryClient.clear();
    document.body.innerHTML = '';
    servePlaces({});
    renderAt(null);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: 'Where am I?' })).toBeNull();
  });
});
