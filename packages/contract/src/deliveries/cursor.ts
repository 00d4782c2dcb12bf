import { DELIVERY_SORTS } from './sorts.js';

/**
 * The delivery list's keyset cursor (decision 043): where the previous page ended, as the sort's key (PostgreSQL's
 * text of it, so a timestamp keeps its microseconds) and the delivery's id, with the sort and order it was made for.
 * Opaque to clients (base64url of JSON); the server validates it and never trusts it for access: it only positions
 * the read inside the company's own filtered list.
 */
export interface DeliveryCursor {
  sort: (typeof DELIVERY_SORTS)[number];
  order: 'asc' | 'desc';
  key: string;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** PostgreSQL's text of a timestamptz (`2026-11-25 04:40:53.123456+00`). */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;
export const DELIVERY_CURSOR_MAX = 400;

export function encodeDeliveryCursor(cursor: DeliveryCursor): string {
  const bytes = new TextEncoder().encode(JSON.stringify([cursor.sort, cursor.order, cursor.key, cursor.id]));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The cursor a string holds, or undefined when it is not one this server made. */
export function decodeDeliveryCursor(text: string): DeliveryCursor | undefined {
  if (text.length > DELIVERY_CURSOR_MAX || !/^[A-Za-z0-9_-]+$/.test(text)) return undefined;
  let value: unknown;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    value = JSON.parse(
      new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))),
    );
  } catch {
    return undefined;
  }
  if (!Array.isArray(value) || value.length !== 4) return undefined;
  const [sort, order, key, id] = value as unknown[];
  if (!DELIVERY_SORTS.includes(sort as DeliveryCursor['sort'])) return undefined;
  if (order !== 'asc' && order !== 'desc') return undefined;
  if (typeof key !== 'string' || key.length > 200 || typeof id !== 'string' || !UUID.test(id))
    return undefined;
  if (sort === 'createdAt' && !TIMESTAMP.test(key)) return undefined;
  return { sort: sort as DeliveryCursor['sort'], order, key, id };
}
