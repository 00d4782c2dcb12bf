import type { Db } from '../../db/client.js';
import type { JobDefinition } from '../../db/jobs/job-runner.js';
import type { MailQueue } from '../mail/index.js';
import { deleteExpiredEmailChanges } from './email-change.queries.js';
import { deleteExpiredVerificationTokens } from './email-verification.queries.js';
import { deleteExpiredResetTokens } from './password-reset.queries.js';
import { sendPasswordResetLink } from './password-reset.service.js';
import { deleteExpiredSessions } from './sessions.queries.js';

export const PASSWORD_RESET_LINK_JOB = 'identity.send-password-reset-link';

/**
 * The password reset's lookup and link, out of the request (decision 027): the request only sends this job, so its
 * answer takes the same time whether or not the address has an account.
 */
export function passwordResetLinkJob(
  db: Db,
  setup: { mail: MailQueue; appUrl: string },
): JobDefinition<{ email: string }> {
  return {
    name: PASSWORD_RESET_LINK_JOB,
    retryLimit: 3,
    handle: ({ email }) => sendPasswordResetLink(db, { email, mail: setup.mail, appUrl: setup.appUrl }),
  };
}

/**
 * Ended sessions, used or expired links, and e-mail changes past their confirmation or undo window (decision 056),
 * deleted once an hour by one process (was a timer in each).
 */
export function purgeExpiredJob(db: Db): JobDefinition {
  return {
    name: 'identity.purge-expired',
    cron: '17 * * * *',
    policy: 'stately',
    retryLimit: 1,
    handle: async () => {
      await deleteExpiredSessions(db);
      await deleteExpiredResetTokens(db);
      await deleteExpiredVerificationTokens(db);
      await deleteExpiredEmailChanges(db);
    },
  };
}
