import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstScreen } from './after-first-screen';

describe('afterFirstScreen', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits while a read is in flight, then runs once the reads have been quiet for a moment', async () => {
    const client = new QueryClient();
    let answer: (value: string) => void = () => undefined;
    void client.fetchQuery({ queryKey: ['slow'], queryFn: () => new Promise<string>((r) => (answer = r)) });
    const task = vi.fn();
    afterFirstScreen(task, { client });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(task).not.toHaveBeenCalled();
    answer('done');
    await vi.advanceTimersByTimeAsync(200);
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(400);
    expect(task).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs after the longest wait even if the screen never settles, and not at all once cancelled', async () => {
    const client = new QueryClient();
    void client.fetchQuery({ queryKey: ['never'], queryFn: () => new Promise<string>(() => undefined) });
    const late = vi.fn();
    const cancelled = vi.fn();
    afterFirstScreen(late, { client, maxWaitMs: 3_000 });
    const cancel = afterFirstScreen(cancelled, { client, maxWaitMs: 3_000 });
    cancel();
    await vi.advanceTimersByTimeAsync(2_500);
    expect(late).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(late).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
