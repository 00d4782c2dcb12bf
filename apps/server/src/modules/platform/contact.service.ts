import type { ContactMessageBody } from '@courier/contract';
import type { Db } from '../../db/client.js';
import { contactMail, type MailQueue } from '../mail/index.js';
import { insertContactMessage, platformAdminEmails } from './contact.queries.js';

/**
 * Keeps the message and sends it to the platform's mailbox (CONTACT_EMAIL, else every platform admin) in one
 * transaction: it is never lost to a mail failure, and a failing SMTP server only delays it (decision 055).
 */
export async function receiveContactMessage(
  db: Db,
  opts: { mail: MailQueue; to: string | undefined; body: ContactMessageBody; ip: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    await insertContactMessage(tx, { ...opts.body, ip: opts.ip });
    const to = opts.to ? [opts.to] : await platformAdminEmails(tx);
    for (const address of to) await opts.mail.send(tx, contactMail({ to: address, ...opts.body }));
  });
}
