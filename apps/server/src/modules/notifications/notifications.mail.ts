import { letterhead, notificationMail, type Mailer } from '../mail/index.js';
import type { Db } from '../../db/client.js';
import { companyLetterheads, mailAddresses } from './notifications.queries.js';

/** What a process needs to e-mail notifications: its mailer, the public URL for links, and its background runner. */
export interface NotificationMailing {
  mailer: Mailer;
  appUrl: string;
  background: { run(name: string, task: () => Promise<void>): void };
}

/** One per open database (one per process; tests open several), as the event bus is bound. */
const bindings = new WeakMap<object, NotificationMailing>();

export function bindNotificationMail(db: Db, mailing: NotificationMailing): void {
  bindings.set(db, mailing);
}

export function unbindNotificationMail(db: Db): void {
  bindings.delete(db);
}

export interface NotificationToMail {
  userId: string;
  /** The company it is about: its name and logo head the e-mail. */
  companyId: string | null;
  title: string;
  message: string;
  link: string | null;
}

/**
 * E-mails notifications once their transaction has committed (the caller runs this after commit), in the
 * background: a refused message is logged by the runner and loses nothing in the app.
 */
export function mailNotifications(db: Db, list: readonly NotificationToMail[]): void {
  const mailing = bindings.get(db);
  if (!mailing || list.length === 0) return;
  mailing.background.run('notification e-mail', async () => {
    const companyIds = list.map((n) => n.companyId).filter((id): id is string => id !== null);
    const [to, letterheads] = await Promise.all([
      mailAddresses(db, [...new Set(list.map((n) => n.userId))]),
      companyLetterheads(db, [...new Set(companyIds)]),
    ]);
    const base = mailing.appUrl.replace(/\/+$/, '');
    for (const n of list) {
      const user = to.get(n.userId);
      if (!user) continue;
      const company = n.companyId ? letterheads.get(n.companyId) : undefined;
      await mailing.mailer.send(
        notificationMail({
          ...(company ? { company: letterhead(company, base) } : {}),
          to: user.email,
          firstname: user.firstname,
          title: n.title,
          message: n.message,
          url: `${base}${n.link ?? '/Notifications'}`,
          settingsUrl: `${base}/AccountPages/UserAccountSettings`,
        }),
      );
    }
  });
}
