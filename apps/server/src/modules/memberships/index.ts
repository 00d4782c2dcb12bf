// The memberships domain: who belongs to a company and in which role (its admins and its drivers, with their
// driver records). Other domains and app.ts reach it only through this file.
export { adminUserRoutes } from './admin-users.routes.js';
export { listActiveAdminIds } from './admin-users.queries.js';
export { companyUserRoutes } from './company-users.routes.js';
export { driverRoutes } from './drivers.routes.js';
export { listMyDriverInfos, updateMyDriverStatus } from './drivers.service.js';
export { insertAccountWithRole } from './company-users.service.js';
export { invitationAdminRoutes, invitationRoutes } from './invitations.routes.js';
