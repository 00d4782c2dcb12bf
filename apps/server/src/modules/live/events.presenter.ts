import type { LiveEvent } from '@courier/contract';
import type { StoredEvent } from './events.queries.js';

/** The event as the stream's `data:` line carries it: the contract's shape, nothing of the audience. */
export function presentEvent(ev: StoredEvent): LiveEvent {
  return { id: String(ev.id), type: ev.type, at: ev.at, data: ev.data } as LiveEvent;
}

/** One SSE message; `cursor` is the `id:` line (absent for catch-up messages, see stream.service.ts). */
export function sseFrame(ev: StoredEvent, cursor?: string): string {
  return `${cursor === undefined ? '' : `id: ${cursor}\n`}event: ${ev.type}\ndata: ${JSON.stringify(presentEvent(ev))}\n\n`;
}
