import pg from 'pg';
import type { BusEvent, BusHandlers, EventBus } from './event-bus.js';
import { unpackEvents } from './wire.js';

/** NOTIFY refuses payloads of 8,000 bytes or more; keep a margin. */
export const NOTIFY_MAX_BYTES = 7_900;

/**
 * PostgreSQL's LISTEN/NOTIFY across server processes. Writers NOTIFY inside their transaction (`recordEvents`), so
 * PostgreSQL delivers on commit, in commit order, and never for a rollback. Each process listens on one dedicated
 * connection (not one of the pool's), and reconnects with backoff when it drops; after a reconnect the hub reads
 * what it missed from the table (`onResync`).
 */
export function pgNotifyBus<E extends BusEvent>(opts: {
  url: string;
  channel: string;
  onError?: (err: Error) => void;
}): EventBus<E> {
  let client: pg.Client | null = null;
  let closed = false;
  let handlers: BusHandlers<E> | null = null;
  let retryMs = 250;
  let timer: NodeJS.Timeout | null = null;
  /** Payloads published after their commit, waiting for the NOTIFY statement in flight (at most one). */
  let pending: string[] = [];
  let inFlight: Promise<void> | null = null;

  const flush = (): void => {
    const c = client;
    if (inFlight || pending.length === 0) return;
    const payloads = mergePayloads(pending, NOTIFY_MAX_BYTES);
    pending = [];
    if (!c) return; // disconnected: the reconnect's resync reads them from the table
    inFlight = c
      .query('select pg_notify($1, p) from unnest($2::text[]) with ordinality as t(p, n) order by n', [
        opts.channel,
        payloads,
      ])
      .then(
        () => undefined,
        (err: Error) => opts.onError?.(err),
      )
      .finally(() => {
        inFlight = null;
        flush();
      });
  };

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: opts.url, application_name: 'courier-live-listener' });
    c.on('notification', (msg) => {
      if (msg.channel === opts.channel && msg.payload) handlers?.onItems(unpackEvents<E>(msg.payload));
    });
    const lost = (err?: Error) => {
      if (client !== c) return;
      client = null;
      if (err) opts.onError?.(err);
      c.removeAllListeners('notification');
      void c.end().catch(() => undefined);
      schedule();
    };
    c.on('error', lost);
    c.on('end', () => lost());
    await c.connect();
    await c.query(`LISTEN ${pg.escapeIdentifier(opts.channel)}`);
    client = c;
    retryMs = 250;
  };

  const schedule = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = null;
      connect().then(
        () => handlers?.onResync(),
        (err: Error) => {
          opts.onError?.(err);
          retryMs = Math.min(retryMs * 2, 5_000);
          schedule();
        },
      );
    }, retryMs);
  };

  return {
    kind: 'postgres',
    maxPayloadBytes: NOTIFY_MAX_BYTES,
    /**
     * After a commit, outside the writing transaction (the positions write, tools, benchmarks): NOTIFY on the
     * listening connection, one statement at a time. What is published while one is in flight waits and goes in the
     * next, merged into as few payloads as fit: under load many batches share one NOTIFY, where NOTIFY inside each
     * writing transaction would take PostgreSQL's notify lock at every commit.
     */
    publish(payloads) {
      pending.push(...payloads);
      flush();
    },
    async start(h) {
      handlers = h;
      await connect();
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      while (inFlight) await inFlight;
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}

/** Adjacent payloads (JSON arrays of events) joined into as few arrays as stay under `maxBytes`, in order. */
export function mergePayloads(payloads: readonly string[], maxBytes: number): string[] {
  const merged: string[] = [];
  for (const p of payloads) {
    const last = merged[merged.length - 1];
    // `[a,b]` and `[c]` make `[a,b,c]`: one byte less than the two together.
    if (last !== undefined && Buffer.byteLength(last) + Buffer.byteLength(p) - 1 <= maxBytes)
      merged[merged.length - 1] = `${last.slice(0, -1)},${p.slice(1)}`;
    else merged.push(p);
  }
  return merged;
}
