export { notificationRoutes } from './notifications.routes.js';
export { notificationsConsumer, notifyForEvents, notifyUsers } from './notifications.fanout.js';
export type { NewNotification } from './notifications.queries.js';
export { NOTIFICATION_MAIL_JOB, notificationMailJob, sendNotificationMails } from './notifications.mail.js';
export {
  notificationSweepJob,
  sweepExpiringDocuments,
  sweepLateDeliveries,
} from './notifications.sweeper.js';
