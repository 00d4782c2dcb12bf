export { notificationRoutes } from './notifications.routes.js';
export { notifyForEvents, type NotifiableEvent } from './notifications.fanout.js';
