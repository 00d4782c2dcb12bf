import { createHash, randomBytes } from 'node:crypto';

/** A random secret for a session cookie or a Bearer token (256 bits, url-safe). */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
