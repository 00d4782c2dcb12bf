import type { DbOrTx } from '../../db/client.js';
import { mailingListSubscribers } from '../../db/schema/index.js';

/** Adds an address to the list; one already on it stays as it is. */
export async function addSubscriber(db: DbOrTx, email: string) {
  await db.insert(mailingListSubscribers).values({ email }).onConflictDoNothing();
}
