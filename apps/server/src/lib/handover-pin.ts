import { randomInt, timingSafeEqual } from 'node:crypto';
import { HANDOVER_PIN } from '@courier/contract';

/** A new handover code: HANDOVER_PIN.length digits from the crypto generator, leading zeros kept. */
export function newHandoverPin(): string {
  return String(randomInt(0, 10 ** HANDOVER_PIN.length)).padStart(HANDOVER_PIN.length, '0');
}

/** Whether a typed code is the delivery's, compared in constant time (no timing hint of how many digits match). */
export function samePin(expected: string, typed: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(typed);
  // Lengths are not secret (every code has HANDOVER_PIN.length digits); the compare still runs on equal lengths.
  if (a.length !== b.length) {
    timingSafeEqual(a, a);
    return false;
  }
  return timingSafeEqual(a, b);
}
