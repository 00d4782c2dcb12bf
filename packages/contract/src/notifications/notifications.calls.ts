import { z } from 'zod';
import { defineCall } from '../api/define-call.js';
import { UuidSchema } from '../common.js';
import {
  NotificationSchema,
  NotificationSummarySchema,
  NotificationListQuerySchema,
  NotificationParamsSchema,
  NotificationPreferencesSchema,
  NotificationPreferencesBodySchema,
} from './notifications.schemas.js';

export const notificationCalls = {
  getNotificationSummary: defineCall({
    method: 'GET',
    path: '/me/notifications/summary',
    summary: 'How many notifications are unread, and the newest unread ones',
    data: NotificationSummarySchema,
  }),
  listNotifications: defineCall({
    method: 'GET',
    path: '/me/notifications',
    summary: 'My notifications, newest first',
    query: NotificationListQuerySchema,
    data: z.array(NotificationSchema),
    paginated: true,
  }),
  readNotification: defineCall({
    method: 'POST',
    path: '/me/notifications/:notificationUuid/read',
    summary: 'Mark one notification read',
    params: NotificationParamsSchema,
    data: NotificationSchema,
  }),
  readAllNotifications: defineCall({
    method: 'POST',
    path: '/me/notifications/read-all',
    summary: 'Mark every notification read',
    data: z.object({ read: z.number().int() }),
  }),
  deleteNotification: defineCall({
    method: 'DELETE',
    path: '/me/notifications/:notificationUuid',
    summary: 'Dismiss one notification',
    params: NotificationParamsSchema,
    data: z.object({ uuid: UuidSchema }),
  }),
  getNotificationPreferences: defineCall({
    method: 'GET',
    path: '/me/notification-preferences',
    summary: 'Which kinds of notification I get, in the app and by e-mail',
    data: NotificationPreferencesSchema,
  }),
  putNotificationPreferences: defineCall({
    method: 'PUT',
    path: '/me/notification-preferences',
    summary: 'Change which kinds of notification I get',
    body: NotificationPreferencesBodySchema,
    data: NotificationPreferencesSchema,
  }),
};
