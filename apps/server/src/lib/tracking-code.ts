import { randomBytes } from 'node:crypto';

/** Short, unambiguous code for tracking pages: no 0/O or 1/I. */
export function trackingCode(length = 10): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(length);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}
