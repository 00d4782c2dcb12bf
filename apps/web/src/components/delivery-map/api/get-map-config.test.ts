import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { mapConfigQueryOptions } from './get-map-config';

afterEach(() => {
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
});

describe('the map config call', () => {
  it('fails at once when the browser is offline, so the built-in map is drawn instead of a skeleton', async () => {
    onlineManager.setOnline(false);
    const fetch = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetch);
    // Retried while offline, the query would pause until the network returns and never settle.
    await expect(createQueryClient().fetchQuery(mapConfigQueryOptions())).rejects.toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
