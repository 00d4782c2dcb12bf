import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { noticeAccessChange } from '../../db/access-notices.js';
import { authSessions } from '../../db/schema/index.js';
import { hashSecret } from '../../lib/secure-token.js';

export async function insertSession(
  db: DbOrTx,
  values: {
    secret: string;
    kind: 'session' | 'token';
    userId: string;
    expiresAt: Date;
    name?: string;
    ip?: string;
    userAgent?: string;
  },
) {
  const { secret, ...rest } = values;
  const [row] = await db
    .insert(authSessions)
    .values({ ...rest, tokenHash: hashSecret(secret) })
    .returning({ id: authSessions.id });
  return row;
}

// Each write below that ends or locks a session tells the server processes (`noticeAccessChange`), so the session's
// open live streams end at once (issue 31).

export async function deleteSessionBySecret(db: DbOrTx, secret: string) {
  const ended = await db
    .delete(authSessions)
    .where(eq(authSessions.tokenHash, hashSecret(secret)))
    .returning({ id: authSessions.id });
  for (const s of ended) await noticeAccessChange(db, { sessionId: s.id });
}

export async function deleteSessionById(db: DbOrTx, id: string) {
  await db.delete(authSessions).where(eq(authSessions.id, id));
  await noticeAccessChange(db, { sessionId: id });
}

/** After a password change every other session and token of the user ends. */
export async function deleteOtherSessions(db: DbOrTx, userId: string, keepSessionId: string) {
  await db
    .delete(authSessions)
    .where(and(eq(authSessions.userId, userId), ne(authSessions.id, keepSessionId)));
  await noticeAccessChange(db, { userId });
}

export async function deleteExpiredSessions(db: DbOrTx) {
  await db.delete(authSessions).where(lt(authSessions.expiresAt, new Date()));
}

/** After a password reset every session and token of the user ends. */
export async function deleteSessionsOfUser(db: DbOrTx, userId: string) {
  await db.delete(authSessions).where(eq(authSessions.userId, userId));
  await noticeAccessChange(db, { userId });
}

/** Locks or unlocks one session (decision 030). */
export async function setSessionLocked(db: DbOrTx, id: string, locked: boolean): Promise<void> {
  await db
    .update(authSessions)
    .set({ lockedAt: locked ? sql`coalesce(${authSessions.lockedAt}, now())` : null })
    .where(eq(authSessions.id, id));
  if (locked) await noticeAccessChange(db, { sessionId: id });
}

export async function isSessionLocked(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db
    .select({ lockedAt: authSessions.lockedAt })
    .from(authSessions)
    .where(eq(authSessions.id, id))
    .limit(1);
  return Boolean(row?.lockedAt);
}
