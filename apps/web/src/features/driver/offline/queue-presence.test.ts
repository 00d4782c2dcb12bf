import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { mayHoldQueuedWrites } from './queue-presence';
import { idbQueueStore } from './queue-store';

describe('whether the app start loads the driver queue', () => {
  it('is no until a write has been queued in this browser, then yes', async () => {
    expect(await mayHoldQueuedWrites()).toBe(false);
    // Another database of the app does not count.
    await idbQueueStore('another-queue').all();
    expect(await mayHoldQueuedWrites()).toBe(false);
    await idbQueueStore().all();
    expect(await mayHoldQueuedWrites()).toBe(true);
  });
});
