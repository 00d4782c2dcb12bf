import {
  NOTIFICATION_EMAIL_DEFAULTS,
  NOTIFICATION_KINDS,
  type Notification,
  type NotificationKind,
  type NotificationPreference,
} from '@courier/contract';
import type { NotificationRow } from './notifications.queries.js';

export function presentNotification(row: NotificationRow): Notification {
  return {
    uuid: row.id,
    kind: row.kind as NotificationKind,
    title: row.title,
    message: row.message,
    link: row.link,
    company: row.companyId ? { uuid: row.companyId, name: row.companyName ?? '' } : null,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Every kind, with the user's choice or the default (in the app; by e-mail as NOTIFICATION_EMAIL_DEFAULTS). */
export function presentPreferences(
  rows: readonly { kind: string; inApp: boolean; email: boolean }[],
): NotificationPreference[] {
  const byKind = new Map(rows.map((r) => [r.kind, r]));
  return NOTIFICATION_KINDS.map((kind) => ({
    kind,
    inApp: byKind.get(kind)?.inApp ?? true,
    email: byKind.get(kind)?.email ?? NOTIFICATION_EMAIL_DEFAULTS[kind],
  }));
}
