import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InvalidationBatch } from './invalidation-batch';

describe('the batch of live invalidations', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const setup = () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    return { queryClient, invalidate, batch: new InvalidationBatch(queryClient, 100, 500) };
  };

  it('sends each key once after the events stop coming, and no later than the longest wait', () => {
    const { invalidate, batch } = setup();
    for (let i = 0; i < 4; i++) {
      batch.add(['a'], 'active', { exact: true });
      vi.advanceTimersByTime(80);
    }
    expect(invalidate).not.toHaveBeenCalled(); // still coming, 320 ms in
    vi.advanceTimersByTime(100);
    expect(invalidate.mock.calls).toEqual([
      [{ queryKey: ['a'], exact: true, refetchType: 'active' }, { cancelRefetch: false }],
    ]);

    invalidate.mockClear();
    for (let i = 0; i < 10; i++) {
      batch.add(['b'], 'stale');
      vi.advanceTimersByTime(90);
    }
    // A steady stream of events still sends at the longest wait.
    expect(invalidate).toHaveBeenCalledTimes(1);
  });

  it('waits for a fetch in flight instead of cancelling it, then invalidates once after its answer', async () => {
    const { queryClient, invalidate, batch } = setup();
    let answer = (_: string) => undefined as unknown;
    const fetched = queryClient.fetchQuery({
      queryKey: ['delivery'],
      queryFn: () => new Promise<string>((r) => (answer = r as typeof answer)),
    });
    batch.add(['delivery'], 'active', { exact: true });
    vi.advanceTimersByTime(350);
    expect(invalidate).not.toHaveBeenCalled();
    answer('before the event');
    await fetched;
    vi.advanceTimersByTime(100);
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryState(['delivery'])?.isInvalidated).toBe(true);
  });
});
