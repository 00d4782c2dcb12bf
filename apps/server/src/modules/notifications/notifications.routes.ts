import { notificationCalls } from '@courier/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthenticated } from '../../lib/app-error.js';
import { paginationMeta } from '../../lib/pagination.js';
import { registerCall } from '../../lib/route.js';
import {
  changeNotificationPreferences,
  dismissNotification,
  listNotifications,
  notificationPreferences,
  notificationSummary,
  readAllNotifications,
  readNotification,
} from './notifications.service.js';

function userOf(request: FastifyRequest): string {
  if (!request.auth) throw unauthenticated();
  return request.auth.userId;
}

/** A user's own notifications and preferences (issue 14, decision 028). */
export function notificationRoutes(app: FastifyInstance): void {
  const db = app.database.db;

  registerCall(app, notificationCalls.getNotificationSummary, async ({ request }) => ({
    data: await notificationSummary(db, userOf(request)),
  }));

  registerCall(app, notificationCalls.listNotifications, async ({ request, query }) => {
    const { data, total } = await listNotifications(db, userOf(request), query);
    return { data, meta: paginationMeta(query, total) };
  });

  registerCall(app, notificationCalls.readNotification, async ({ request, params }) => ({
    data: await readNotification(db, userOf(request), params.notificationUuid),
  }));

  registerCall(app, notificationCalls.readAllNotifications, async ({ request }) => {
    const read = await readAllNotifications(db, userOf(request));
    return { data: { read }, message: read === 0 ? 'Nothing was unread.' : 'All notifications read.' };
  });

  registerCall(app, notificationCalls.deleteNotification, async ({ request, params }) => {
    await dismissNotification(db, userOf(request), params.notificationUuid);
    return { data: { uuid: params.notificationUuid }, message: 'Notification dismissed.' };
  });

  registerCall(app, notificationCalls.getNotificationPreferences, async ({ request }) => ({
    data: await notificationPreferences(db, userOf(request)),
  }));

  registerCall(app, notificationCalls.putNotificationPreferences, async ({ request, body }) => ({
    data: await changeNotificationPreferences(db, userOf(request), body),
    message: 'Notification preferences saved.',
  }));
}
