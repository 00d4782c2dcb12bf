import type { LoginBody } from '@courier/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import { unprocessable } from '../../lib/app-error.js';
import { dummyPasswordHash, verifyPassword } from '../../lib/password.js';
import { newSecret } from '../../lib/secure-token.js';
import { loadUser } from './users.service.js';
import { findCredentialsByEmail } from './users.queries.js';
import { deleteSessionBySecret, insertSession } from './sessions.queries.js';

export const BAD_CREDENTIALS = 'These credentials do not match our records.';

export interface LoginOptions {
  body: LoginBody;
  previousSecret?: string;
  ip: string;
  userAgent?: string;
  sessionIdleMinutes: number;
  tokenTtlDays: number;
}

/**
 * Checks the password, ends the caller's previous session (the session id is rotated at every sign-in, so a
 * session id planted before sign-in is worthless) and starts a new one; optionally issues a Bearer token too.
 */
export async function login(db: Db, opts: LoginOptions) {
  const credentials = await findCredentialsByEmail(db, opts.body.email);
  const ok = await verifyPassword(
    opts.body.password,
    credentials?.passwordHash ?? (await dummyPasswordHash()),
  );
  if (!credentials || !ok) throw unprocessable({ email: [BAD_CREDENTIALS] }, BAD_CREDENTIALS);

  const tokenSecret = opts.body.issueToken ? newSecret() : undefined;
  let sessionSecret = '';
  await db.transaction(async (tx) => {
    sessionSecret = await startSession(tx, { ...opts, userId: credentials.id });
    if (tokenSecret) {
      await insertSession(tx, {
        userId: credentials.id,
        ip: opts.ip,
        ...(opts.userAgent ? { userAgent: opts.userAgent } : {}),
        secret: tokenSecret,
        kind: 'token',
        name: opts.body.deviceName ?? 'api',
        expiresAt: new Date(Date.now() + opts.tokenTtlDays * 86_400_000),
      });
    }
  });
  const user = await loadUser(db, credentials.id);
  return { user, sessionSecret, token: tokenSecret };
}

/**
 * Starts a browser session for the user inside the caller's transaction and answers its secret for the cookie. The
 * caller's previous session ends (the id is rotated at every sign-in, so one planted before is worthless). Sign-in
 * and sign-up (decision 029) both start sessions here.
 */
export async function startSession(
  tx: DbOrTx,
  opts: {
    userId: string;
    previousSecret?: string | undefined;
    ip: string;
    userAgent?: string | undefined;
    sessionIdleMinutes: number;
  },
): Promise<string> {
  if (opts.previousSecret) await deleteSessionBySecret(tx, opts.previousSecret);
  const secret = newSecret();
  await insertSession(tx, {
    userId: opts.userId,
    ip: opts.ip,
    ...(opts.userAgent ? { userAgent: opts.userAgent } : {}),
    secret,
    kind: 'session',
    expiresAt: new Date(Date.now() + opts.sessionIdleMinutes * 60_000),
  });
  return secret;
}
