import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client.js';

/**
 * The channel on which a write that takes access away says so (issue 31): a session ended or locked, a membership
 * removed or suspended. Sent with `pg_notify` in the writing transaction, so PostgreSQL (and PGlite, in its one
 * process) delivers it on commit and never for a rollback; every server process listens, and its live streams of
 * that user or session check their access again at once (decision 023's addendum), instead of at their next
 * five-minute check.
 */
export const ACCESS_NOTICE_CHANNEL = 'courier_access';

/** Whose access changed: one session (signed out, locked), or every session of a user (removed, suspended, reset). */
export type AccessNotice = { sessionId: string } | { userId: string };

export async function noticeAccessChange(tx: DbOrTx, notice: AccessNotice): Promise<void> {
  await tx.execute(sql`select pg_notify(${ACCESS_NOTICE_CHANNEL}, ${JSON.stringify(notice)})`);
}

/** A notice read back from the channel; null for a payload that is none (never trusted blindly). */
export function parseAccessNotice(payload: string): AccessNotice | null {
  try {
    const value: unknown = JSON.parse(payload);
    if (value && typeof value === 'object') {
      if ('sessionId' in value && typeof value.sessionId === 'string') return { sessionId: value.sessionId };
      if ('userId' in value && typeof value.userId === 'string') return { userId: value.userId };
    }
  } catch {
    /* not JSON */
  }
  return null;
}
