import type { BusEvent, BusHandlers, EventBus } from './event-bus.js';
import { unpackEvents } from './wire.js';

/**
 * One process (PGlite is one process). Writing transactions NOTIFY their events (decision 023), which PGlite delivers
 * within its process on commit: `listen` subscribes to that channel. What is published after its commit (the
 * positions write) goes straight to this process's subscribers.
 */
export function memoryBus<E extends BusEvent>(
  opts: {
    listen?: (onPayload: (payload: string) => void) => Promise<() => Promise<void>>;
  } = {},
): EventBus<E> {
  let handlers: BusHandlers<E> | null = null;
  let unlisten: (() => Promise<void>) | null = null;
  return {
    kind: 'memory',
    maxPayloadBytes: 1024 * 1024,
    publish(payloads) {
      for (const p of payloads) handlers?.onItems(unpackEvents<E>(p));
    },
    async start(h) {
      handlers = h;
      if (opts.listen) unlisten = await opts.listen((p) => handlers?.onItems(unpackEvents<E>(p)));
    },
    async close() {
      handlers = null;
      await unlisten?.();
      unlisten = null;
    },
  };
}
