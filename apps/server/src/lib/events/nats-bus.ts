import type { NatsConnection } from 'nats';
import type { BusEvent, BusHandlers, EventBus } from './event-bus.js';
import { unpackEvents } from './wire.js';

/**
 * NATS core pub/sub, for more events than one PostgreSQL's NOTIFY carries (decision 023): `EVENT_BUS_URL=nats://…`,
 * the subject from `?subject=` (default `courier.events`). Published after commit; the events table stays the
 * truth: a reconnect makes the hub read what it missed from it, and an event lost with its process between commit
 * and publish is read back as a hole once a later one arrives.
 */
export function natsBus<E extends BusEvent>(opts: {
  url: string;
  onError?: (err: Error) => void;
}): EventBus<E> {
  const url = new URL(opts.url);
  const subject = url.searchParams.get('subject') || 'courier.events';
  const server = `${url.hostname}:${url.port || '4222'}`;
  let nc: NatsConnection | null = null;
  const encoder = new TextEncoder();
  return {
    kind: 'nats',
    maxPayloadBytes: 512 * 1024,
    publish(payloads) {
      for (const p of payloads) nc?.publish(subject, encoder.encode(p));
    },
    async start(handlers: BusHandlers<E>) {
      // Loaded only when NATS is the bus: its hundred modules stay off every other server's start.
      const { connect, Events } = await import('nats');
      nc = await connect({
        servers: server,
        name: 'courier-live',
        maxReconnectAttempts: -1,
        reconnectTimeWait: 500,
      });
      const sub = nc.subscribe(subject);
      void (async () => {
        for await (const msg of sub) handlers.onItems(unpackEvents<E>(msg.string()));
      })().catch((err: Error) => opts.onError?.(err));
      void (async () => {
        for await (const status of nc.status()) if (status.type === Events.Reconnect) handlers.onResync();
      })().catch((err: Error) => opts.onError?.(err));
      await nc.flush();
    },
    async close() {
      const c = nc;
      nc = null;
      await c?.drain().catch(() => undefined);
    },
  };
}
