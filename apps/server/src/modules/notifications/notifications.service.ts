import {
  NOTIFICATIONS,
  type Notification,
  type NotificationListQuery,
  type NotificationPreference,
  type NotificationPreferencesBody,
  type NotificationSummary,
} from '@courier/contract';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import { presentNotification, presentPreferences } from './notifications.presenter.js';
import {
  deleteNotificationOf,
  listNotificationsOf,
  markAllRead,
  markRead,
  preferencesOf,
  savePreferences,
} from './notifications.queries.js';

export async function notificationSummary(db: Db, userId: string): Promise<NotificationSummary> {
  const { rows, total } = await listNotificationsOf(db, userId, {
    unread: true,
    page: 1,
    per_page: NOTIFICATIONS.latest,
  });
  return { unread: total, latest: rows.map(presentNotification) };
}

export async function listNotifications(db: Db, userId: string, q: NotificationListQuery) {
  const { rows, total } = await listNotificationsOf(db, userId, {
    unread: q.unread,
    page: q.page,
    per_page: q.per_page,
  });
  return { data: rows.map(presentNotification), total };
}

/** Another user's notification is a stranger's: 404. */
export async function readNotification(db: Db, userId: string, id: string): Promise<Notification> {
  const row = await markRead(db, userId, id);
  if (!row) throw notFound('Notification');
  return presentNotification(row);
}

export const readAllNotifications = (db: Db, userId: string) => markAllRead(db, userId);

export async function dismissNotification(db: Db, userId: string, id: string): Promise<void> {
  if (!(await deleteNotificationOf(db, userId, id))) throw notFound('Notification');
}

export async function notificationPreferences(db: Db, userId: string): Promise<NotificationPreference[]> {
  return presentPreferences(await preferencesOf(db, userId));
}

export async function changeNotificationPreferences(
  db: Db,
  userId: string,
  body: NotificationPreferencesBody,
): Promise<NotificationPreference[]> {
  await savePreferences(db, userId, body.preferences);
  return notificationPreferences(db, userId);
}
