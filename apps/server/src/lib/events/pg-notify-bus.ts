import pg from 'pg';
import type { BusEvent, BusHandlers, EventBus } from './event-bus.js';
import { unpackEvents } from './wire.js';

/** NOTIFY refuses payloads of 8,000 bytes or more; keep a margin. */
export const NOTIFY_MAX_BYTES = 7_900;

/**
 * PostgreSQL's LISTEN/NOTIFY across server processes. Writers NOTIFY inside their transaction (`notifyChannel`), so
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
    notifyChannel: opts.channel,
    maxPayloadBytes: NOTIFY_MAX_BYTES,
    /** Outside a transaction (tools, benchmarks): NOTIFY on the listening connection. */
    publish(payloads) {
      for (const p of payloads)
        void client
          ?.query('select pg_notify($1, $2)', [opts.channel, p])
          .catch((err: Error) => opts.onError?.(err));
    },
    async start(h) {
      handlers = h;
      await connect();
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
