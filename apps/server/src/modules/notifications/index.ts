export { notificationRoutes } from './notifications.routes.js';
export { notifyForEvents, notifyUsers, type NotifiableEvent } from './notifications.fanout.js';
export type { NewNotification } from './notifications.queries.js';
export { bindNotificationMail, unbindNotificationMail } from './notifications.mail.js';
export {
  startNotificationSweeper,
  sweepExpiringDocuments,
  sweepLateDeliveries,
} from './notifications.sweeper.js';
