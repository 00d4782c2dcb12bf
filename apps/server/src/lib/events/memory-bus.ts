import type { BusEvent, BusHandlers, EventBus } from './event-bus.js';
import { unpackEvents } from './wire.js';

/** One process (PGlite is one process): published events go straight to this process's subscribers. */
export function memoryBus<E extends BusEvent>(): EventBus<E> {
  let handlers: BusHandlers<E> | null = null;
  return {
    kind: 'memory',
    maxPayloadBytes: 1024 * 1024,
    publish(payloads) {
      for (const p of payloads) handlers?.onItems(unpackEvents<E>(p));
    },
    start(h) {
      handlers = h;
      return Promise.resolve();
    },
    close() {
      handlers = null;
      return Promise.resolve();
    },
  };
}
