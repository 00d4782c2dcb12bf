import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import {
  authSessions,
  companies,
  companyDeliveryVersions,
  companyMembers,
  users,
} from '../../db/schema/index.js';
import { hashSecret } from '../../lib/secure-token.js';
import { membershipColumns, membershipOf } from '../companies/companies.queries.js';

/**
 * Who is calling, and what they are in the company of the route (when it has one), in one prepared statement:
 * every request of a signed-in user runs it, so it is one round trip that PostgreSQL has planned once per
 * connection, with no query to build.
 */
function prepareCallerQuery(db: Db) {
  return db
    .select({
      id: authSessions.id,
      userId: authSessions.userId,
      kind: authSessions.kind,
      lastUsedAt: authSessions.lastUsedAt,
      isPlatformAdmin: users.isPlatformAdmin,
      ...membershipColumns,
    })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .leftJoin(companies, eq(companies.slug, sql.placeholder('companySlug')))
    .leftJoin(
      companyMembers,
      and(eq(companyMembers.companyId, companies.id), eq(companyMembers.userId, authSessions.userId)),
    )
    .leftJoin(companyDeliveryVersions, eq(companyDeliveryVersions.companyId, companies.id))
    .where(
      and(eq(authSessions.tokenHash, sql.placeholder('tokenHash')), gt(authSessions.expiresAt, sql`now()`)),
    )
    .prepare('find_caller');
}

const callerQueries = new WeakMap<Db, ReturnType<typeof prepareCallerQuery>>();

/**
 * The active session of a secret with its user's platform flag and, when `companySlug` is given, the user's
 * membership of that company (undefined when they are not a member); undefined without an active session.
 */
export async function findCaller(db: Db, secret: string, companySlug: string | undefined) {
  let query = callerQueries.get(db);
  if (!query) {
    query = prepareCallerQuery(db);
    callerQueries.set(db, query);
  }
  const rows = await query.execute({ tokenHash: hashSecret(secret), companySlug: companySlug ?? null });
  const first = rows[0];
  if (!first) return undefined;
  return {
    session: {
      id: first.id,
      userId: first.userId,
      kind: first.kind,
      lastUsedAt: first.lastUsedAt,
      isPlatformAdmin: first.isPlatformAdmin,
    },
    membership: companySlug === undefined ? undefined : membershipOf(rows),
  };
}

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

export async function touchSession(db: DbOrTx, id: string, expiresAt: Date | null) {
  await db
    .update(authSessions)
    .set({ lastUsedAt: new Date(), ...(expiresAt ? { expiresAt } : {}) })
    .where(eq(authSessions.id, id));
}

export async function deleteSessionBySecret(db: DbOrTx, secret: string) {
  await db.delete(authSessions).where(eq(authSessions.tokenHash, hashSecret(secret)));
}

export async function deleteSessionById(db: DbOrTx, id: string) {
  await db.delete(authSessions).where(eq(authSessions.id, id));
}

/** After a password change every other session and token of the user ends. */
export async function deleteOtherSessions(db: DbOrTx, userId: string, keepSessionId: string) {
  await db
    .delete(authSessions)
    .where(and(eq(authSessions.userId, userId), ne(authSessions.id, keepSessionId)));
}

export async function deleteExpiredSessions(db: DbOrTx) {
  await db.delete(authSessions).where(lt(authSessions.expiresAt, new Date()));
}
