import { isCompanyRoleSlug, type ActorMembership } from '@courier/contract';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.js';
import {
  authSessions,
  companies,
  companyDeliveryVersions,
  companyMembers,
  users,
} from '../db/schema/index.js';
import { hashSecret } from '../lib/secure-token.js';
import { TurnBatch } from '../lib/turn-batch.js';

/**
 * Who is calling: the statements the auth hook runs on every signed-in request (decision 009). They sit with the
 * access pieces, below the modules, because the auth plugin needs them; the session's own writes (sign-in,
 * sign-out) stay in the identity domain.
 */

/**
 * What the caller's standing in a company is read from (with the session, `findCaller`): one row per role the user
 * holds (or held) in the company.
 */
export const membershipColumns = {
  companyId: companies.id,
  companySlug: companies.slug,
  companyTypeSlug: companies.companyTypeSlug,
  companyIsActive: companies.isActive,
  roleSlug: companyMembers.roleSlug,
  status: companyMembers.status,
  deliveriesVersion: companyDeliveryVersions.version,
};

type MembershipRow = {
  [K in keyof typeof membershipColumns]: (typeof membershipColumns)[K]['_']['data'] | null;
};

/** A membership from its rows; undefined when there are none (rows of an outer join without a member count as none). */
export function membershipOf(rows: readonly MembershipRow[]) {
  const first = rows[0];
  if (!first?.companyId || !first.companySlug || !first.companyTypeSlug || !first.roleSlug) return undefined;
  const roles = rows
    .filter((r) => r.status === 'active' && r.roleSlug !== null)
    .map((r) => r.roleSlug as string)
    .filter(isCompanyRoleSlug);
  return {
    companyId: first.companyId,
    companySlug: first.companySlug,
    companyTypeSlug: first.companyTypeSlug,
    isActive: first.companyIsActive ?? false,
    deliveriesVersion: first.deliveriesVersion ?? 0,
    roles,
  };
}

export type Membership = NonNullable<ReturnType<typeof membershipOf>>;

/** The session columns every caller statement reads (a route's own statement, `CallerLookup`, reads them too). */
export const sessionColumns = {
  id: authSessions.id,
  userId: authSessions.userId,
  kind: authSessions.kind,
  lastUsedAt: authSessions.lastUsedAt,
  lockedAt: authSessions.lockedAt,
  isPlatformAdmin: users.isPlatformAdmin,
};
// The time is a parameter, not `now()`: on PGlite the `now()` variant gave `/me` occasional p99 spikes of 0.6–1.2 s
// in the bench (5 runs of 9), the parameter none in 10.
export const activeSessionOfHash = and(
  eq(authSessions.tokenHash, sql.placeholder('tokenHash')),
  gt(authSessions.expiresAt, sql.placeholder('now')),
);

/** The caller on a company route (`find_caller`); exported for the bench's copy of it (bench/sql/, checked by a test). */
export function callerWithMembershipStatement(db: DbOrTx) {
  return db
    .select({ ...sessionColumns, ...membershipColumns })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .leftJoin(companies, eq(companies.slug, sql.placeholder('companySlug')))
    .leftJoin(
      companyMembers,
      and(eq(companyMembers.companyId, companies.id), eq(companyMembers.userId, authSessions.userId)),
    )
    .leftJoin(companyDeliveryVersions, eq(companyDeliveryVersions.companyId, companies.id))
    .where(activeSessionOfHash);
}

/**
 * Every request of a signed-in user runs one of these two prepared statements: one round trip that PostgreSQL
 * plans once per connection, with no SQL to build. On a company route the second also reads the caller's roles
 * in the route's company and its delivery version; elsewhere the first keeps the join small (PGlite plans every
 * statement again, in the server's own thread).
 */
function prepareCallerQueries(db: Db) {
  return {
    session: db
      .select(sessionColumns)
      .from(authSessions)
      .innerJoin(users, eq(users.id, authSessions.userId))
      .where(activeSessionOfHash)
      .prepare('find_session'),
    withMembership: callerWithMembershipStatement(db).prepare('find_caller'),
    // On a driver route: the companies the user drives for now (as `listDriverMemberships`), in the same statement.
    withDriverMemberships: db
      .select({
        ...sessionColumns,
        driverMemberships: sql<unknown>`(select coalesce(json_agg(json_build_object('companyId', c.id,
            'companySlug', c.slug, 'companyTypeSlug', c.company_type_slug)), '[]')
            from ${companyMembers} m join ${companies} c on c.id = m.company_id
           where m.user_id = ${authSessions.userId} and m.role_slug = 'driver' and m.status = 'active'
             and c.is_active)`,
      })
      .from(authSessions)
      .innerJoin(users, eq(users.id, authSessions.userId))
      .where(activeSessionOfHash)
      .prepare('find_driver_caller'),
  };
}

/**
 * The callers of several requests in one statement (decision 049): each key (token hash, and the route's company
 * slug or null) paired with its place in the arrays, so each row goes back to the request that asked; the same
 * joins and condition as `find_caller`, one row per role (`caller-batch.test.ts` holds the two to the same answers).
 */
function callersStatement(db: Db) {
  const keys = sql`unnest(${sql.placeholder('tokenHashes')}::text[], ${sql.placeholder('companySlugs')}::text[])
    with ordinality as k(token_hash, company_slug, n)`;
  return db
    .select({ n: sql<number>`k.n::int`.mapWith(Number), ...sessionColumns, ...membershipColumns })
    .from(keys)
    .innerJoin(
      authSessions,
      and(eq(authSessions.tokenHash, sql`k.token_hash`), gt(authSessions.expiresAt, sql.placeholder('now'))),
    )
    .innerJoin(users, eq(users.id, authSessions.userId))
    .leftJoin(companies, eq(companies.slug, sql`k.company_slug`))
    .leftJoin(
      companyMembers,
      and(eq(companyMembers.companyId, companies.id), eq(companyMembers.userId, authSessions.userId)),
    )
    .leftJoin(companyDeliveryVersions, eq(companyDeliveryVersions.companyId, companies.id))
    .prepare('find_callers');
}

type CallerRow = Awaited<ReturnType<ReturnType<typeof callersStatement>['execute']>>[number];
type CallerKey = { tokenHash: string; companySlug: string | null };

/**
 * The callers' statements of one database, and the batch that runs them: a key asked alone runs the one-key
 * statement (`find_session` or `find_caller`) as before; keys asked in the same turn run `find_callers` once.
 */
function prepareCallers(db: Db) {
  const queries = prepareCallerQueries(db);
  const many = callersStatement(db);
  const one = async ({ tokenHash, companySlug }: CallerKey, now: Date): Promise<Omit<CallerRow, 'n'>[]> =>
    companySlug === null
      ? (await queries.session.execute({ tokenHash, now })).map((s) => ({ ...s, ...noMembership }))
      : queries.withMembership.execute({ tokenHash, companySlug, now });
  // Keys are strings (a token hash is hex, so a space cannot occur in it) so that equal keys are one.
  const batch = new TurnBatch<string, Omit<CallerRow, 'n'>[]>(async (keys) => {
    const now = new Date();
    const asked = keys.map(keyOf);
    if (asked.length === 1) return [await one(asked[0]!, now)];
    const rows = await many.execute({
      tokenHashes: asked.map((k) => k.tokenHash),
      companySlugs: asked.map((k) => k.companySlug),
      now,
    });
    const answers = asked.map((): Omit<CallerRow, 'n'>[] => []);
    for (const { n, ...row } of rows) answers[n - 1]?.push(row);
    return answers;
  });
  return { ...queries, batch };
}

const noMembership = {
  companyId: null,
  companySlug: null,
  companyTypeSlug: null,
  companyIsActive: null,
  roleSlug: null,
  status: null,
  deliveriesVersion: null,
};

const keyOf = (key: string): CallerKey => {
  const space = key.indexOf(' ');
  return space < 0
    ? { tokenHash: key, companySlug: null }
    : { tokenHash: key.slice(0, space), companySlug: key.slice(space + 1) };
};

const callerQueries = new WeakMap<Db, ReturnType<typeof prepareCallers>>();

function callerQueriesOf(db: Db) {
  let queries = callerQueries.get(db);
  if (!queries) {
    queries = prepareCallers(db);
    callerQueries.set(db, queries);
  }
  return queries;
}

/** How many statements the caller lookups of `db` have run for how many lookups (tests and benches). */
export function callerBatchStats(db: Db) {
  return callerQueriesOf(db).batch.stats;
}

type DriverMembershipRow = Omit<ActorMembership, 'roles'>;

/**
 * The active session of a secret with the companies its user drives for now (active driver memberships of active
 * companies): what a driver route needs, in one round trip. Undefined without an active session.
 */
export async function findDriverCaller(db: Db, secret: string) {
  const [row] = await callerQueriesOf(db).withDriverMemberships.execute({
    tokenHash: hashSecret(secret),
    now: new Date(),
  });
  if (!row) return undefined;
  const { driverMemberships, ...session } = row;
  const list = (
    typeof driverMemberships === 'string' ? JSON.parse(driverMemberships) : driverMemberships
  ) as DriverMembershipRow[];
  return {
    session,
    membership: undefined,
    driverMemberships: list.map((m): ActorMembership => ({ ...m, roles: ['driver'] })),
  };
}

/**
 * The active session of a secret with its user's platform flag and, when `companySlug` is given, the user's
 * membership of that company (undefined when they are not a member); undefined without an active session.
 */
export async function findCaller(db: Db, secret: string, companySlug: string | undefined) {
  const tokenHash = hashSecret(secret);
  const rows = await callerQueriesOf(db).batch.get(
    companySlug === undefined ? tokenHash : `${tokenHash} ${companySlug}`,
  );
  const first = rows[0];
  if (!first) return undefined;
  const { id, userId, kind, lastUsedAt, lockedAt, isPlatformAdmin } = first;
  return {
    session: { id, userId, kind, lastUsedAt, lockedAt, isPlatformAdmin },
    membership: companySlug === undefined ? undefined : membershipOf(rows),
  };
}

/** The session as the caller statements read it. */
export type CallerSession =
  Awaited<ReturnType<typeof findCaller>> extends infer C
    ? C extends { session: infer S }
      ? S
      : never
    : never;

/**
 * A route's own caller statement (decision 044): instead of the session alone, the auth hook runs this one, which
 * reads the session with the same columns and the same active-session condition (so a revoked or expired session
 * stops at once, as everywhere) and whatever the route answers with, in one round trip. `loaded` is kept on the
 * request for the handler.
 */
export type CallerLookup = (
  db: Db,
  secret: string,
) => Promise<{ session: CallerSession; loaded: unknown } | undefined>;

export async function touchSession(db: DbOrTx, id: string, expiresAt: Date | null) {
  await db
    .update(authSessions)
    .set({ lastUsedAt: new Date(), ...(expiresAt ? { expiresAt } : {}) })
    .where(eq(authSessions.id, id));
}
