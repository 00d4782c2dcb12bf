import type { DbOrTx } from '../../db/client.js';
import type { JobDefinition, JobRunner } from '../../db/jobs/job-runner.js';
import type { Mailer, MailMessage } from './mailer.js';

export const MAIL_SEND_JOB = 'mail.send';

/** Sends mail in a transaction (decision 055): the message leaves once the transaction commits, and never if not. */
export interface MailQueue {
  send(tx: DbOrTx, message: MailMessage): Promise<void>;
}

export function mailQueue(jobs: Pick<JobRunner, 'send'>): MailQueue {
  return {
    async send(tx, message) {
      await jobs.send(tx, MAIL_SEND_JOB, message);
    },
  };
}

/**
 * One message a job: an SMTP server that refuses or times out is tried again with backoff (30 s, 1 min, 2 min … up
 * to an hour, ten times: about half a day), then the job is dead and a platform admin can retry it. A message is
 * sent at least once: a crash between the server's acceptance and the job's completion sends it again.
 */
export function mailSendJob(mailer: Mailer, retryDelaySeconds = 30): JobDefinition<MailMessage> {
  return {
    name: MAIL_SEND_JOB,
    retryLimit: 10,
    retryDelaySeconds,
    retryDelayMaxSeconds: 3_600,
    expireInSeconds: 120,
    concurrency: 4,
    handle: (message) => mailer.send(message),
  };
}
