import { NOTIFICATION_EMAIL_DEFAULTS, NOTIFICATIONS } from '@courier/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { mailNotifications } from './notifications.mail.js';
import { choicesOf, insertLateNotifications } from './notifications.queries.js';

/**
 * Notifications no single change causes (decision 028): a delivery becoming late is the clock passing its window's
 * end. Each process sweeps every minute; the rows' dedupe keys make every sweep after the first a no-op.
 */
export async function sweepLateDeliveries(db: Db): Promise<number> {
  const made = await insertLateNotifications(db, NOTIFICATIONS.lateLookbackHours);
  if (made.length === 0) return 0;
  const choices = await choicesOf(db, [...new Set(made.map((m) => m.userId))]);
  mailNotifications(
    db,
    made.filter((m) => choices.get(`${m.userId}:late`)?.email ?? NOTIFICATION_EMAIL_DEFAULTS.late),
  );
  return made.length;
}

export function startNotificationSweeper(app: FastifyInstance): void {
  const sweep = () =>
    sweepLateDeliveries(app.database.db).catch((err: unknown) => app.log.warn({ err }, 'notification sweep'));
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
