import {
  DOCUMENT_EXPIRY_WARNING_DAYS,
  NOTIFICATION_EMAIL_DEFAULTS,
  NOTIFICATIONS,
  type NotificationKind,
} from '@courier/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { mailNotifications, type NotificationToMail } from './notifications.mail.js';
import { choicesOf, insertDocumentNotifications, insertLateNotifications } from './notifications.queries.js';

/** E-mails what a sweep made (committed already: each sweep is one statement) to those who want this kind by mail. */
async function mailSwept(db: Db, kind: NotificationKind, made: readonly NotificationToMail[]) {
  if (made.length === 0) return 0;
  const choices = await choicesOf(db, [...new Set(made.map((m) => m.userId))]);
  mailNotifications(
    db,
    made.filter((m) => choices.get(`${m.userId}:${kind}`)?.email ?? NOTIFICATION_EMAIL_DEFAULTS[kind]),
  );
  return made.length;
}

/**
 * Notifications no single change causes (decision 028): a delivery becoming late is the clock passing its window's
 * end. Each process sweeps every minute; the rows' dedupe keys make every sweep after the first a no-op.
 */
export async function sweepLateDeliveries(db: Db): Promise<number> {
  return mailSwept(db, 'late', await insertLateNotifications(db, NOTIFICATIONS.lateLookbackHours));
}

/** A driver's licence or insurance coming up to its expiry date, or past it: the clock again. */
export async function sweepExpiringDocuments(db: Db): Promise<number> {
  const made = await insertDocumentNotifications(db, {
    warningDays: DOCUMENT_EXPIRY_WARNING_DAYS,
    lookbackDays: NOTIFICATIONS.documentLookbackDays,
  });
  return mailSwept(db, 'document', made);
}

export function startNotificationSweeper(app: FastifyInstance): void {
  const db = app.database.db;
  const sweep = () =>
    Promise.all([sweepLateDeliveries(db), sweepExpiringDocuments(db)]).catch((err: unknown) =>
      app.log.warn({ err }, 'notification sweep'),
    );
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    await sweep();
    timer = setInterval(() => void sweep(), NOTIFICATIONS.sweepSeconds * 1000);
    timer.unref();
  });
  app.addHook('preClose', (done) => {
    if (timer) clearInterval(timer);
    done();
  });
}
