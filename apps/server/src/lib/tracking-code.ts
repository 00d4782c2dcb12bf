import { randomBytes } from 'node:crypto';
import { TRACKING } from '@courier/contract';

/** Short, unambiguous code for tracking pages: no 0/O or 1/I. */
export function trackingCode(length = 10): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(length);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

/** A delivery's tracking token (decision 022): TRACKING.tokenBytes random bytes, base64url, unguessable. */
export function newTrackingToken(): string {
  return randomBytes(TRACKING.tokenBytes).toString('base64url');
}
