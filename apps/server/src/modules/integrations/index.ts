// The integrations domain (issue 34): a company's API keys, and next its webhooks.
// Other domains and app.ts reach it only through this file.
export { apiKeyRoutes } from './api-keys.routes.js';
export { webhookRoutes } from './webhooks.routes.js';
export { webhooksConsumer } from './webhooks.consumer.js';
export { webhooksPurgeJob, webhooksSendJob } from './webhooks.sender.js';
