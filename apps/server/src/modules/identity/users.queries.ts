import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { addresses, companies, phoneNumbers, users } from '../../db/schema/index.js';
import { addressColumns } from '../directory/index.js';

export const userColumns = {
  id: users.id,
  email: users.email,
  firstname: users.firstname,
  lastname: users.lastname,
  emailVerifiedAt: users.emailVerifiedAt,
  imgUrl: users.imgUrl,
  imgThumbUrl: users.imgThumbUrl,
  isPlatformAdmin: users.isPlatformAdmin,
  defaultCompanySlug: companies.slug,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

const phoneColumns = {
  id: phoneNumbers.id,
  userId: phoneNumbers.userId,
  phoneNumber: phoneNumbers.phoneNumber,
  phoneNumberType: phoneNumbers.phoneNumberType,
  isPrimary: phoneNumbers.isPrimary,
};

export const emailMatches = (email: string) => sql`lower(${users.email}) = ${email.toLowerCase()}`;

export async function findUserById(db: DbOrTx, id: string) {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .leftJoin(companies, eq(companies.id, users.defaultCompanyId))
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

export async function listUsersByIds(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select(userColumns)
    .from(users)
    .leftJoin(companies, eq(companies.id, users.defaultCompanyId))
    .where(inArray(users.id, ids))
    .orderBy(asc(users.lastname), asc(users.firstname));
}

export async function findUserIdByEmail(db: DbOrTx, email: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(emailMatches(email)).limit(1);
  return row?.id;
}

/** The sign-in view of a user: id and password hash only. */
export async function findCredentialsByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(emailMatches(email))
    .limit(1);
  return row;
}

export async function findPasswordHash(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.passwordHash;
}

export async function listPhoneNumbers(db: DbOrTx, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db
    .select(phoneColumns)
    .from(phoneNumbers)
    .where(inArray(phoneNumbers.userId, userIds))
    .orderBy(asc(phoneNumbers.position), asc(phoneNumbers.createdAt));
}

export async function listUserAddresses(db: DbOrTx, userId: string) {
  return db
    .select(addressColumns)
    .from(addresses)
    .where(and(eq(addresses.userId, userId), isNull(addresses.companyId)))
    .orderBy(asc(addresses.createdAt));
}

export async function updateUser(
  db: DbOrTx,
  id: string,
  values: Partial<
    Pick<typeof users.$inferInsert, 'firstname' | 'lastname' | 'email' | 'passwordHash' | 'emailVerifiedAt'>
  >,
) {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id));
}

export async function replacePhoneNumbers(
  db: DbOrTx,
  userId: string,
  list: { phoneNumber: string; phoneNumberType: string; isPrimary: boolean }[],
) {
  await db.delete(phoneNumbers).where(eq(phoneNumbers.userId, userId));
  if (list.length > 0) {
    await db.insert(phoneNumbers).values(list.map((p, position) => ({ ...p, userId, position })));
  }
}

export type UserRow = NonNullable<Awaited<ReturnType<typeof findUserById>>>;
export type PhoneNumberRow = Awaited<ReturnType<typeof listPhoneNumbers>>[number];
