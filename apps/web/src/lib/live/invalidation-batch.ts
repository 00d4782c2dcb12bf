import type { QueryClient, QueryKey } from '@tanstack/react-query';

export interface InvalidationOptions {
  /** Only the query of this very key, not the ones under it (a delivery, not its parts). */
  exact?: boolean;
}

interface Pending {
  key: QueryKey;
  active: boolean;
  exact: boolean;
}

/**
 * Invalidations gathered while events keep coming and sent once per key (decision 062): a burst of events (a
 * catch-up, one action that moves a delivery and assigns it, a busy delivery) refetches each open query once, not
 * once per event. `active` refetches what a screen shows now; `stale` only marks (it refetches when next shown).
 *
 * - The batch is sent `quietMs` after the last event, and at the latest `maxWaitMs` after the first one.
 * - An in-flight fetch is never cancelled (`cancelRefetch: false`): a cancelled request has cost the server its work
 *   for nothing. But one that started before the event may answer what was there before it, so a key whose query is
 *   fetching waits for that answer and is invalidated just after it: one trailing refetch, never a cancelled one.
 */
export class InvalidationBatch {
  private readonly pending = new Map<string, Pending>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private firstAt = 0;

  constructor(
    private readonly queryClient: QueryClient,
    private readonly quietMs = 100,
    private readonly maxWaitMs = 500,
  ) {}

  add(key: QueryKey, mode: 'active' | 'stale', { exact = false }: InvalidationOptions = {}) {
    const id = JSON.stringify([key, exact]);
    const before = this.pending.get(id);
    this.pending.set(id, { key, exact, active: (before?.active ?? false) || mode === 'active' });
    this.schedule();
  }

  private schedule() {
    const now = Date.now();
    if (this.timer) clearTimeout(this.timer);
    else this.firstAt = now;
    const due = Math.min(now + this.quietMs, this.firstAt + this.maxWaitMs);
    this.timer = setTimeout(() => this.send(false), Math.max(0, due - now));
  }

  /** Sends what is pending now (the provider's unmount): nothing waits for an in-flight answer any more. */
  flush() {
    this.send(true);
  }

  private send(all: boolean) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const waiting: [string, Pending][] = [];
    for (const [id, p] of this.pending) {
      if (!all && this.queryClient.isFetching({ queryKey: p.key, exact: p.exact }) > 0) {
        waiting.push([id, p]);
        continue;
      }
      void this.queryClient.invalidateQueries(
        { queryKey: p.key, exact: p.exact, refetchType: p.active ? 'active' : 'none' },
        { cancelRefetch: false },
      );
    }
    this.pending.clear();
    if (waiting.length === 0) return;
    // Looked at again a moment later: by then the answer in flight has usually come.
    for (const [id, p] of waiting) this.pending.set(id, p);
    this.firstAt = Date.now();
    this.timer = setTimeout(() => this.send(false), this.quietMs);
  }
}
