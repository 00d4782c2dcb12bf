// The platform domain: what the product itself answers (health checks, the job queues, the public mailing list, the contact form, the Support Desk's link).
// Other domains and app.ts reach it only through this file.
export { healthRoutes } from './health.routes.js';
export { mailingListRoutes } from './mailing-list.routes.js';
export { contactRoutes } from './contact.routes.js';
export { supportRoutes } from './support.routes.js';
export { jobRoutes } from './jobs.routes.js';
export { createMetrics, metricsRoutes, type Metrics } from './metrics.js';
