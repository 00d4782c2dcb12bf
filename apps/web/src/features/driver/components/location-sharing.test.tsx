import 'fake-indexeddb/auto';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mantineTheme } from '../../../lib/mantine-theme';
import { queryClient } from '../../../lib/query-client';
import { meQueryKey } from '../../../lib/session/query-keys';
import { liveTracker, rememberedSharing } from '../tracking/live-tracker';
import { LocationSharing } from './location-sharing';

describe('the "Sharing my location" control', () => {
  it('is on by default, pauses on a tap, remembers it for the driver, and says what goes on', async () => {
    queryClient.setQueryData(meQueryKey, { uuid: 'driver-1' });
    render(
      <MantineProvider theme={mantineTheme}>
        <QueryClientProvider client={queryClient}>
          <LocationSharing />
        </QueryClientProvider>
      </MantineProvider>,
    );
    const toggle = screen.getByRole('switch', { name: 'Sharing my location' });
    const state = () => screen.getByTestId('sharing-state').textContent;
    expect(toggle).toHaveProperty('checked', true);
    expect(state()).toBe('Starts when you start a delivery.');

    await userEvent.click(toggle);
    expect(toggle).toHaveProperty('checked', false);
    expect(state()).toContain('Paused: your office does not see where you are.');
    expect(rememberedSharing('driver-1')).toBe(false);
    expect(rememberedSharing('driver-2')).toBe(true);

    // On a page served over plain http the browser gives no position: the driver is told why, not left waiting.
    await userEvent.click(toggle);
    act(() => liveTracker.setUnderWay(true));
    expect(state()).toContain('secure (https) address');
    act(() => liveTracker.setUnderWay(false));
  });
});
