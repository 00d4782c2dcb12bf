import type { BusEvent, EventBus } from './event-bus.js';

/**
 * Two buses as one: the events of writing transactions arrive on `committed` (the database's NOTIFY), and what is
 * published after its commit (the positions write) goes on `published` (NATS), and arrives from it. The hub's
 * sequence tracker orders both by id.
 */
export function joinedBus<E extends BusEvent>(committed: EventBus<E>, published: EventBus<E>): EventBus<E> {
  return {
    kind: published.kind,
    maxPayloadBytes: published.maxPayloadBytes,
    publish: (payloads) => published.publish(payloads),
    async start(handlers) {
      await committed.start(handlers);
      await published.start(handlers);
    },
    async close() {
      await Promise.all([committed.close(), published.close()]);
    },
  };
}
