import type { LockState } from '@courier/contract';
import type { Db } from '../../db/client.js';
import { conflict, notFound, unprocessable } from '../../lib/app-error.js';
import { verifyPassword } from '../../lib/password.js';
import { isSessionLocked, setSessionLocked } from './sessions.queries.js';
import { findPasswordHash, findUserById } from './users.queries.js';

interface SessionAuth {
  userId: string;
  sessionId: string;
  kind: 'session' | 'token';
}

export async function lockState(db: Db, auth: SessionAuth): Promise<LockState> {
  const [user, locked] = await Promise.all([
    findUserById(db, auth.userId),
    isSessionLocked(db, auth.sessionId),
  ]);
  if (!user) throw notFound('User');
  return {
    locked,
    user: {
      firstname: user.firstname,
      lastname: user.lastname,
      email: user.email,
      imgThumbUrl: user.imgThumbUrl ?? null,
    },
  };
}

/** Locks a browser session (an API token has no screen to lock: 409). */
export async function lockSession(db: Db, auth: SessionAuth): Promise<LockState> {
  if (auth.kind !== 'session') throw conflict('Only a browser session can be locked.');
  await setSessionLocked(db, auth.sessionId, true);
  return lockState(db, auth);
}

/** Unlocks the session when the password is the user's (422 on the password field otherwise). */
export async function unlockSession(db: Db, auth: SessionAuth, password: string): Promise<LockState> {
  const hash = await findPasswordHash(db, auth.userId);
  if (!hash || !(await verifyPassword(password, hash)))
    throw unprocessable({ password: ['That is not your password.'] });
  await setSessionLocked(db, auth.sessionId, false);
  return lockState(db, auth);
}
