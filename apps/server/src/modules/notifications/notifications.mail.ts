import type { Db, DbOrTx } from '../../db/client.js';
import { wakeJob, type JobDefinition } from '../../db/jobs/job-runner.js';
import { letterhead, notificationMail, type MailQueue } from '../mail/index.js';
import {
  companyLetterheads,
  insertNotificationMails,
  mailAddresses,
  takeNotificationMails,
  type NotificationToMail,
} from './notifications.queries.js';

export type { NotificationToMail } from './notifications.queries.js';

export const NOTIFICATION_MAIL_JOB = 'notifications.send-mail';
/** Notification mails taken per transaction. */
const BATCH = 100;

/**
 * E-mails notifications once the caller's transaction commits (decision 055): they wait in the outbox table, and the
 * commit wakes the job that sends them.
 */
export async function queueNotificationMails(tx: DbOrTx, list: readonly NotificationToMail[]): Promise<void> {
  if (list.length === 0) return;
  await insertNotificationMails(tx, list);
  await wakeJob(tx, NOTIFICATION_MAIL_JOB);
}

/**
 * Sends every waiting notification mail, a batch per transaction: the batch's rows are deleted and their mails sent
 * (as `mail.send` jobs) in one commit, so each is mailed once, whichever process takes it. Answers how many.
 */
export async function sendNotificationMails(
  db: Db,
  setup: { mail: MailQueue; appUrl: string },
): Promise<number> {
  const base = setup.appUrl.replace(/\/+$/, '');
  let sent = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const list = await takeNotificationMails(tx, BATCH);
      const companyIds = list.map((m) => m.companyId).filter((id): id is string => id !== null);
      const to = await mailAddresses(tx, [...new Set(list.map((m) => m.userId))]);
      const letterheads = await companyLetterheads(tx, [...new Set(companyIds)]);
      for (const n of list) {
        const user = to.get(n.userId);
        if (!user) continue;
        const company = n.companyId ? letterheads.get(n.companyId) : undefined;
        await setup.mail.send(
          tx,
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
      return list.length;
    });
    sent += n;
    if (n < BATCH) return sent;
  }
}

/** The outbox's job: woken by each commit that queued mails, and run every minute in case a wake-up was lost. */
export function notificationMailJob(db: Db, setup: { mail: MailQueue; appUrl: string }): JobDefinition {
  return {
    name: NOTIFICATION_MAIL_JOB,
    cron: '* * * * *',
    wakeable: true,
    policy: 'stately',
    handle: async () => {
      await sendNotificationMails(db, setup);
    },
  };
}
