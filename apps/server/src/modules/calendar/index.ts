// The calendar domain: the deliveries' schedule windows and the company's own events.
// Other domains and app.ts reach it only through this file.
export { calendarRoutes } from './calendar.routes.js';
