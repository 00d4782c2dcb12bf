import type { ContactMessageBody } from '@courier/contract';
import type { Db } from '../../db/client.js';
import { contactMail, type Mailer } from '../mail/index.js';
import { insertContactMessage, platformAdminEmails } from './contact.queries.js';

/** Keeps the message (it is never lost to a mail failure); the caller mails it afterwards. */
export async function saveContactMessage(db: Db, body: ContactMessageBody, ip: string) {
  return insertContactMessage(db, { ...body, ip });
}

/** Mails a kept message to the platform's mailbox: CONTACT_EMAIL, else every platform admin. */
export async function mailContactMessage(
  db: Db,
  opts: { mailer: Mailer; to: string | undefined; body: ContactMessageBody },
): Promise<void> {
  const to = opts.to ? [opts.to] : await platformAdminEmails(db);
  for (const address of to) await opts.mailer.send(contactMail({ to: address, ...opts.body }));
}
