import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { contactMessages, users } from '../../db/schema/index.js';

export async function insertContactMessage(db: DbOrTx, row: typeof contactMessages.$inferInsert) {
  const [saved] = await db.insert(contactMessages).values(row).returning({ id: contactMessages.id });
  return saved!;
}

/** The platform admins' addresses: the platform's mailbox when no CONTACT_EMAIL is configured. */
export async function platformAdminEmails(db: DbOrTx): Promise<string[]> {
  const rows = await db.select({ email: users.email }).from(users).where(eq(users.isPlatformAdmin, true));
  return rows.map((r) => r.email);
}
