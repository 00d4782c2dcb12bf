export { notificationRoutes } from './notifications.routes.js';
export { notifyForEvents, type NotifiableEvent } from './notifications.fanout.js';
export { bindNotificationMail, unbindNotificationMail } from './notifications.mail.js';
export { startNotificationSweeper, sweepLateDeliveries } from './notifications.sweeper.js';
