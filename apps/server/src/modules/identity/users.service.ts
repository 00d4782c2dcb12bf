import type { User } from '@courier/contract';
import type { DbOrTx } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import { presentUser } from './users.presenter.js';
import { findUserById, listPhoneNumbers, listUsersByIds } from './users.queries.js';

/** A user with their phone numbers, as `/me` and the profile writes answer it. */
export async function loadUser(db: DbOrTx, userId: string): Promise<User> {
  const [row, phones] = await Promise.all([findUserById(db, userId), listPhoneNumbers(db, [userId])]);
  if (!row) throw notFound('User');
  return presentUser(row, { phoneNumbers: phones });
}

/** Users with their phone numbers, by last then first name. */
export async function loadUsers(db: DbOrTx, userIds: string[]): Promise<User[]> {
  const [rows, phones] = await Promise.all([listUsersByIds(db, userIds), listPhoneNumbers(db, userIds)]);
  return rows.map((row) => presentUser(row, { phoneNumbers: phones.filter((p) => p.userId === row.id) }));
}
