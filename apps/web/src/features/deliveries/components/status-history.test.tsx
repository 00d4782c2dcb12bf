import type { DeliveryStatusRecord } from '@courier/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../../lib/date-format';
import { queryClient } from '../../../lib/query-client';
import { fakeFetch, renderRoutes } from '../../../testing/render-app';
import { authorName } from './person-name';
import { StatusHistory } from './status-history';

const AT = '2026-11-29T12:11:00.000Z';
const record = (extra: Partial<DeliveryStatusRecord>): DeliveryStatusRecord => ({
  uuid: '00000000-0000-4000-8000-000000000001',
  deliveryUuid: '00000000-0000-4000-8000-000000000000',
  statusType: 'live',
  statusSlug: 'created',
  createdAt: AT,
  ...extra,
});

describe('the status history', () => {
  afterEach(() => {
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it("says when a client's system made a move through an API key, by the key's name (decision 065)", async () => {
    // No lookups: the status reads as its slug humanised.
    vi.stubGlobal('fetch', fakeFetch({}));
    const people = { users: {} };
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <StatusHistory
              records={[record({ createdByApiKeyName: 'Web shop' })]}
              nameOf={(r) => authorName(people, r)}
            />
          ),
        },
      ],
      ['/'],
    );
    expect(await screen.findByText(`${formatDateTime(AT)} · API key “Web shop”`)).toBeTruthy();
  });
});
