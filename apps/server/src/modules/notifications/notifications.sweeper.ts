import {
  DOCUMENT_EXPIRY_WARNING_DAYS,
  NOTIFICATION_EMAIL_DEFAULTS,
  NOTIFICATIONS,
  type NotificationKind,
} from '@courier/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import type { JobDefinition } from '../../db/jobs/job-runner.js';
import { queueNotificationMails, type NotificationToMail } from './notifications.mail.js';
import { choicesOf, insertDocumentNotifications, insertLateNotifications } from './notifications.queries.js';

/** Queues the e-mails of what a sweep made, in the sweep's transaction, for those who want this kind by mail. */
async function mailSwept(tx: DbOrTx, kind: NotificationKind, made: readonly NotificationToMail[]) {
  if (made.length === 0) return 0;
  const choices = await choicesOf(tx, [...new Set(made.map((m) => m.userId))]);
  await queueNotificationMails(
    tx,
    made.filter((m) => choices.get(`${m.userId}:${kind}`)?.email ?? NOTIFICATION_EMAIL_DEFAULTS[kind]),
  );
  return made.length;
}

/**
 * Notifications no single change causes (decision 028): a delivery becoming late is the clock passing its window's
 * end. A scheduled job runs it every minute (decision 055); the rows' dedupe keys make every run after the first a
 * no-op, and the notifications and their e-mails are one transaction.
 */
export async function sweepLateDeliveries(db: Db): Promise<number> {
  return db.transaction(async (tx) =>
    mailSwept(tx, 'late', await insertLateNotifications(tx, NOTIFICATIONS.lateLookbackHours)),
  );
}

/** A driver's licence or insurance coming up to its expiry date, or past it: the clock again. */
export async function sweepExpiringDocuments(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const made = await insertDocumentNotifications(tx, {
      warningDays: DOCUMENT_EXPIRY_WARNING_DAYS,
      lookbackDays: NOTIFICATIONS.documentLookbackDays,
    });
    return mailSwept(tx, 'document', made);
  });
}

/** Both sweeps, once a minute by one process however many run (was a timer in each). */
export function notificationSweepJob(db: Db): JobDefinition {
  return {
    name: 'notifications.sweep',
    cron: NOTIFICATIONS.sweepCron,
    policy: 'stately',
    retryLimit: 1,
    handle: async () => {
      await sweepLateDeliveries(db);
      await sweepExpiringDocuments(db);
    },
  };
}
