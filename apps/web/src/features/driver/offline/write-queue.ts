import { fieldErrorsOf, isApiError } from '../../../lib/errors';
import { newIdempotencyKey } from './idempotency-key';
import type { QueueStore } from './queue-store';
import type { DriverWrite, QueuedWrite, WriteFailure } from './queued-write';

/** Sends one write with its key; rejects with the ApiError of the call. */
export type SendWrite = (write: DriverWrite, idempotencyKey: string) => Promise<unknown>;

export interface DrainHooks {
  onSent?: (entry: QueuedWrite, data: unknown) => void;
  /**
   * The server made the write on an earlier try, but that try's answer was lost (410 on its Idempotency-Key,
   * decision 057): it is sent, and what it changed must be read again.
   */
  onMadeWithoutAnswer?: (entry: QueuedWrite) => void;
  onFailed?: (entry: QueuedWrite, error: unknown) => void;
}

export interface DrainResult {
  sent: QueuedWrite[];
  failed: QueuedWrite[];
  /** The error that stopped sending (no network, the server down, the session over), or null once none waits. */
  stoppedBy: unknown;
}

export interface QueueSnapshot {
  entries: readonly QueuedWrite[];
  /** The entry on its way now, if any. */
  sendingId: number | null;
}

/** A server error is tried again this many times (later, with the same key) before it counts as a refusal. */
export const SERVER_ERROR_ATTEMPTS = 5;

/**
 * Whether a failed send should wait for a later try (`later`: nothing reached the server, or it could not answer,
 * or the session must be renewed first) or is the server's refusal of this write (`refused`: any other 4xx, say a
 * 409 because the office cancelled the delivery meanwhile, a 422, or a 404 once it is no longer mine). A refusal
 * would come back the same on every try, so it must not hold up the writes behind it.
 */
export function verdictOf(error: unknown, attempts: number): 'later' | 'refused' {
  if (error instanceof DOMException && error.name === 'AbortError') return 'later';
  if (!isApiError(error)) return 'refused';
  if (error.kind === 'network') return 'later';
  const status = error.statusCode;
  if (status === null) return 'refused';
  // 401: signed out; 419: the CSRF cookie went stale. Both send fine once the session is back.
  if (status === 401 || status === 419 || status === 408) return 'later';
  if (status >= 500) return attempts < SERVER_ERROR_ATTEMPTS ? 'later' : 'refused';
  return 'refused';
}

function failureOf(error: unknown): WriteFailure {
  if (isApiError(error))
    return { status: error.statusCode, message: error.message, fieldErrors: fieldErrorsOf(error) };
  return {
    status: null,
    message: error instanceof Error ? error.message : 'The change could not be sent.',
    fieldErrors: {},
  };
}

/**
 * The driver's writes, kept in order on the phone and sent in that order (decision 021). Each gets an
 * Idempotency-Key when queued and keeps it on every try, so a write the server received before the answer got lost
 * is not applied twice. Sending stops at the first write that cannot reach the server and starts again on the next
 * `drain`; a write the server refuses is marked failed, with its reason, and sending goes on with the next one —
 * later writes on the same delivery included: notes and proofs hold whatever the status, and a status move that no
 * longer follows is refused by the server's own machine, so trying it is safe. A failed write stays until the
 * driver retries or discards it.
 */
export function createWriteQueue(store: QueueStore, newKey: () => string = newIdempotencyKey) {
  let snapshot: QueueSnapshot = { entries: [], sendingId: null };
  const listeners = new Set<() => void>();
  let running: Promise<DrainResult> | null = null;
  /**
   * The entry a run has picked to send, from the moment it is picked (before its first `await`): its body is frozen
   * from then on, since its key may reach the server with it.
   */
  let claimedId: number | null = null;

  const publish = (patch: Partial<QueueSnapshot>) => {
    snapshot = { ...snapshot, ...patch };
    for (const listener of listeners) listener();
  };
  const replace = (entry: QueuedWrite) =>
    publish({ entries: snapshot.entries.map((e) => (e.id === entry.id ? entry : e)) });

  async function update(entry: QueuedWrite): Promise<QueuedWrite> {
    await store.put(entry);
    replace(entry);
    return entry;
  }

  async function run(userUuid: string, send: SendWrite, hooks: DrainHooks): Promise<DrainResult> {
    const result: DrainResult = { sent: [], failed: [], stoppedBy: null };
    // Never finish in the caller's turn: `running` is set before the `finally` below clears it.
    await Promise.resolve();
    try {
      for (;;) {
        const next = snapshot.entries.find((e) => e.state === 'waiting' && e.userUuid === userUuid);
        if (!next) return result;
        claimedId = next.id;
        const entry = await update({ ...next, attempts: next.attempts + 1, tried: true });
        claimedId = null;
        publish({ sendingId: entry.id });
        let data: unknown;
        try {
          data = await send(entry.write, entry.key);
        } catch (error) {
          publish({ sendingId: null });
          if (isApiError(error) && error.statusCode === 410) {
            await store.remove(entry.id);
            publish({ entries: snapshot.entries.filter((e) => e.id !== entry.id) });
            result.sent.push(entry);
            hooks.onMadeWithoutAnswer?.(entry);
            continue;
          }
          if (verdictOf(error, entry.attempts) === 'later') {
            result.stoppedBy = error;
            return result;
          }
          const failed = await update({ ...entry, state: 'failed', failure: failureOf(error) });
          result.failed.push(failed);
          hooks.onFailed?.(failed, error);
          continue;
        }
        await store.remove(entry.id);
        publish({ sendingId: null, entries: snapshot.entries.filter((e) => e.id !== entry.id) });
        result.sent.push(entry);
        hooks.onSent?.(entry, data);
      }
    } finally {
      claimedId = null;
      // Cleared in the same turn as the last look for a waiting entry, so a write queued after it starts a new run.
      running = null;
    }
  }

  async function enqueue(userUuid: string, label: string, write: DriverWrite, key: string = newKey()) {
    const entry = await store.add({
      key,
      userUuid,
      label,
      queuedAt: Date.now(),
      state: 'waiting',
      attempts: 0,
      failure: null,
      write,
    });
    publish({ entries: [...snapshot.entries, entry] });
    return entry;
  }

  return {
    snapshot: (): QueueSnapshot => snapshot,
    subscribe(this: void, listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Reads the queue from the store (at start, or after another tab changed it). */
    async load(): Promise<void> {
      publish({ entries: await store.all() });
    },
    enqueue,
    /**
     * Queues a write, or folds it into the last entry of the queue when `merge` can (the driver's track: one entry
     * of up to POSITIONS.batchMax points rather than one every few seconds while offline). Only into an entry of the
     * same user that waits and has never been tried: once a body may have reached the server under its key, it
     * never changes, or the server would answer the replay with 422. Checked and applied in one turn, so a run
     * cannot pick the entry in between.
     */
    async enqueueOrMerge(
      userUuid: string,
      labelOf: (write: DriverWrite) => string,
      write: DriverWrite,
      merge: (last: DriverWrite, next: DriverWrite) => DriverWrite | null,
    ): Promise<QueuedWrite> {
      const last = snapshot.entries.at(-1);
      const merged =
        last &&
        last.userUuid === userUuid &&
        last.state === 'waiting' &&
        !last.tried &&
        last.id !== claimedId &&
        last.id !== snapshot.sendingId
          ? merge(last.write, write)
          : null;
      if (!last || !merged) return enqueue(userUuid, labelOf(write), write);
      const entry: QueuedWrite = { ...last, write: merged, label: labelOf(merged) };
      replace(entry);
      await store.put(entry);
      return entry;
    },
    /** Sends the user's waiting writes in order; a call while sending joins the run under way. */
    drain(userUuid: string, send: SendWrite, hooks: DrainHooks = {}): Promise<DrainResult> {
      running ??= run(userUuid, send, hooks);
      return running;
    },
    /** A failed write back in its place in the queue, with its key: the next drain tries it again. */
    async retry(id: number): Promise<void> {
      const entry = snapshot.entries.find((e) => e.id === id);
      if (entry) await update({ ...entry, state: 'waiting', failure: null, attempts: 0 });
    },
    /** The driver gives a write up: it is removed and never sent. */
    async discard(id: number): Promise<void> {
      await store.remove(id);
      publish({ entries: snapshot.entries.filter((e) => e.id !== id) });
    },
  };
}

export type WriteQueue = ReturnType<typeof createWriteQueue>;
