// The identity domain: who a user is (sign-in, sessions, profile) and the company they act for (its profile).
// Other domains and app.ts reach it only through this file.
export { companyLogoRoute, companyProfileRoutes } from './company-profile.routes.js';
export { lockRoutes } from './lock.routes.js';
export { meRoutes } from './me.routes.js';
export { sessionRoutes } from './session.routes.js';
export { passwordResetLinkJob, purgeExpiredJob } from './identity.jobs.js';
export { passwordResetRoutes } from './password-reset.routes.js';
export { findUserIdByEmail } from './users.queries.js';
export { emailInUse } from './email-change.queries.js';
export { emailVerificationRoutes } from './email-verification.routes.js';
export { issueVerificationToken, mailVerificationLink } from './email-verification.service.js';
export { companySlugTaken, insertCompany } from './companies.queries.js';
export { startSession } from './session.service.js';
export { loadUser, loadUsers } from './users.service.js';
export { loadSessionState, type SessionState } from './session-state.service.js';
