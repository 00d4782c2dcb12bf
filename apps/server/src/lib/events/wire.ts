import type { BusEvent, BusItem } from './event-bus.js';

/**
 * The bus's payload: a JSON array of events carried whole (`{"e":…}`) or by reference (`{"r":id}`) when one would
 * not fit, packed in as few payloads as fit under `maxBytes` (PostgreSQL's NOTIFY refuses 8,000 bytes and more).
 */
export function packEvents<E extends BusEvent>(events: readonly E[], maxBytes: number): string[] {
  const payloads: string[] = [];
  let parts: string[] = [];
  let size = 2; // the brackets
  for (const event of events) {
    let part = JSON.stringify({ e: event });
    if (Buffer.byteLength(part) + 2 > maxBytes) part = JSON.stringify({ r: event.id });
    const bytes = Buffer.byteLength(part) + (parts.length ? 1 : 0);
    if (parts.length && size + bytes > maxBytes) {
      payloads.push(`[${parts.join(',')}]`);
      parts = [];
      size = 2;
    }
    parts.push(part);
    size += Buffer.byteLength(part) + (parts.length > 1 ? 1 : 0);
  }
  if (parts.length) payloads.push(`[${parts.join(',')}]`);
  return payloads;
}

/** Reads a payload back; anything malformed is dropped (the table stays the truth, and holes are swept). */
export function unpackEvents<E extends BusEvent>(payload: string): BusItem<E>[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const items: BusItem<E>[] = [];
  for (const part of parsed as unknown[]) {
    if (typeof part !== 'object' || part === null) continue;
    const p = part as { e?: E; r?: unknown };
    if (p.e && typeof p.e.id === 'number') items.push({ event: p.e });
    else if (typeof p.r === 'number') items.push({ ref: p.r });
  }
  return items;
}
