import { eq, sql } from 'drizzle-orm';
import {
  activeSessionOfHash,
  sessionColumns,
  type CallerLookup,
  type CallerSession,
} from '../../access/caller.queries.js';
import type { Db } from '../../db/client.js';
import { authSessions, companies, phoneNumbers, users } from '../../db/schema/index.js';
import { hashSecret } from '../../lib/secure-token.js';
import { userColumns, type PhoneNumberRow, type UserRow } from './users.queries.js';

/**
 * `GET /me` in one round trip (decision 044): the caller's active session (the columns and condition of every
 * caller statement, so revocation and expiry act at once), their user row with the default company's slug, and
 * their phone numbers in the order `listPhoneNumbers` gives them, aggregated as JSON. Prepared once per database,
 * so PostgreSQL plans it once per connection.
 */
function prepareMeStatement(db: Db) {
  const { id, ...user } = userColumns;
  return db
    .select({
      ...sessionColumns,
      ...user,
      userRowId: id,
      phoneNumbers: sql<unknown>`(select coalesce(json_agg(json_build_object('id', p.id, 'userId', p.user_id,
          'phoneNumber', p.phone_number, 'phoneNumberType', p.phone_number_type, 'isPrimary', p.is_primary)
          order by p.position, p.created_at), '[]')
          from ${phoneNumbers} p where p.user_id = ${authSessions.userId})`,
    })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .leftJoin(companies, eq(companies.id, users.defaultCompanyId))
    .where(activeSessionOfHash)
    .prepare('find_me');
}

const statements = new WeakMap<Db, ReturnType<typeof prepareMeStatement>>();

export interface MeLoaded {
  user: UserRow;
  phoneNumbers: PhoneNumberRow[];
}

/** The caller statement of `GET /me`: the session, and the user with phone numbers as `loaded` (a `MeLoaded`). */
export const findMeCaller: CallerLookup = async (db, secret) => {
  let statement = statements.get(db);
  if (!statement) {
    statement = prepareMeStatement(db);
    statements.set(db, statement);
  }
  const [row] = await statement.execute({ tokenHash: hashSecret(secret), now: new Date() });
  if (!row) return undefined;
  const { id, userId, kind, lastUsedAt, lockedAt, isPlatformAdmin, userRowId, phoneNumbers: phones } = row;
  const session: CallerSession = { id, userId, kind, lastUsedAt, lockedAt, isPlatformAdmin };
  const loaded: MeLoaded = {
    user: {
      id: userRowId,
      email: row.email,
      firstname: row.firstname,
      lastname: row.lastname,
      emailVerifiedAt: row.emailVerifiedAt,
      imgUrl: row.imgUrl,
      imgThumbUrl: row.imgThumbUrl,
      isPlatformAdmin: row.isPlatformAdmin,
      defaultCompanySlug: row.defaultCompanySlug,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    },
    phoneNumbers: (typeof phones === 'string' ? JSON.parse(phones) : phones) as PhoneNumberRow[],
  };
  return { session, loaded };
};
