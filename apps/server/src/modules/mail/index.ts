// The mail domain: the product's outgoing mail (SMTP or the database's outbox), its templates, and the outbox for
// platform admins (decision 027). Other domains and app.ts reach it only through this file.
export { createMailer, type Mailer, type MailMessage } from './mailer.js';
export { insertOutboxMail } from './mail.queries.js';
export { MAIL_SEND_JOB, mailQueue, mailSendJob, type MailQueue } from './mail.jobs.js';
export {
  addedToCompanyMail,
  contactMail,
  emailChangeConfirmMail,
  emailChangedMail,
  emailChangeRequestedMail,
  emailVerificationMail,
  invitationMail,
  letterhead,
  maskEmail,
  notificationMail,
  passwordResetMail,
  recipientMail,
} from './mail.templates.js';
export { mailRoutes } from './mail.routes.js';
