// The recipients domain (issue 36, decision 071): messages to a delivery's recipients (the company's choices and
// words, the events' consumer that writes them, the job that sends them, the SMS provider's callbacks, opt-outs).
// Other domains and app.ts reach it only through this file.
export { RECIPIENTS_SEND_JOB, composeMessages, type Moment } from './recipient-messages.compose.js';
export { recipientsConsumer } from './recipient-messages.consumer.js';
export { recipientsSendJob } from './recipient-messages.sender.js';
export { recipientCompanyRoutes, recipientPublicRoutes } from './recipients.routes.js';
export { arrivingSoonJob, RECIPIENTS_ARRIVING_SOON_JOB } from './arriving-soon.job.js';
