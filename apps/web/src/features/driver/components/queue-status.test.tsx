import 'fake-indexeddb/auto';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/errors';
import { mantineTheme } from '../../../lib/mantine-theme';
import { queryClient } from '../../../lib/query-client';
import { meQueryKey } from '../../../lib/session/query-keys';
import type { DriverWrite } from '../offline/queued-write';
import { driverQueue } from '../offline/runner';
import { mergePositions, trackLabel } from '../tracking/positions';
import { QueueStatus } from './queue-status';

const ME = 'driver-1';
const DELIVERY = '44444444-4444-4444-8444-444444444444';
let second = 0;
const batch = (n: number): DriverWrite => ({
  kind: 'positions',
  body: {
    points: Array.from({ length: n }, () => ({
      lat: 51.5,
      lng: -0.1,
      recordedAt: new Date(Date.UTC(2026, 10, 24, 8, 0, ++second)).toISOString(),
    })),
  },
});
const keepTrack = (n: number) => driverQueue.enqueueOrMerge(ME, trackLabel, batch(n), mergePositions);

const show = () =>
  render(
    <MantineProvider theme={mantineTheme}>
      <QueryClientProvider client={queryClient}>
        <QueueStatus />
      </QueryClientProvider>
    </MantineProvider>,
  );

describe('the queue on the driver screens, with the track', () => {
  beforeEach(() => queryClient.setQueryData(meQueryKey, { uuid: ME }));
  afterEach(async () => {
    vi.restoreAllMocks();
    for (const entry of driverQueue.snapshot().entries) await driverQueue.discard(entry.id);
  });

  it('counts positions apart from the changes waiting, in one line, while offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await keepTrack(3);
    await driverQueue.enqueue(ME, 'Arrived at pickup · Box run', {
      kind: 'status',
      deliveryUuid: DELIVERY,
      body: { statusSlug: 'at-pickup' },
    });
    await keepTrack(2);
    await keepTrack(4);
    show();
    expect((await screen.findByTestId('waiting-count')).textContent).toContain('1 change waiting to send');
    expect(screen.getByTestId('track-waiting').textContent).toContain('Track: 9 positions waiting to send');
    // Two entries on the phone for the track: the batch before the move, and the one after it.
    expect(driverQueue.snapshot().entries.map((e) => e.label)).toEqual([
      'Track · 3 positions',
      'Arrived at pickup · Box run',
      'Track · 6 positions',
    ]);
  });

  it('says nothing online while a batch waits its turn, and one line for refused batches', async () => {
    await keepTrack(2);
    const { unmount } = show();
    expect(screen.queryByTestId('queue-status')).toBeNull();
    unmount();

    await driverQueue.drain(ME, (write) =>
      write.kind === 'positions'
        ? Promise.reject(
            new ApiError({
              kind: 'server',
              statusCode: 422,
              message: 'A position is too old.',
              data: { message: 'A position is too old.' },
            }),
          )
        : Promise.resolve(null),
    );
    await keepTrack(3);
    await driverQueue.drain(ME, () =>
      Promise.reject(
        new ApiError({ kind: 'server', statusCode: 422, message: 'A position is too old.', data: null }),
      ),
    );
    show();
    const failed = await screen.findAllByTestId('failed-track');
    expect(failed).toHaveLength(1);
    expect(failed[0]?.textContent).toContain('Track: 5 positions not accepted');
    expect(failed[0]?.textContent).toContain('A position is too old.');
    expect(screen.getByText('A change was not accepted')).toBeTruthy();
    expect(screen.queryByTestId('failed-write')).toBeNull();
  });
});
