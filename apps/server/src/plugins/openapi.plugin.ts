import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { APP_VERSION } from '../config/version.js';
import { documentTransform, operationTransform } from './openapi-operations.js';

/**
 * The OpenAPI document, generated from the routes' contract schemas (`app.swagger()`) with each operation's name and
 * client errors added in one place (openapi-operations.ts, decision 038), and, when configured
 * (`API_DOCS`), the document and a reference UI at /api/docs.
 */
export const openApiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Courier platform API',
        version: APP_VERSION,
        description:
          'Sign in with `GET /sanctum/csrf-cookie` then `POST /api/v1/login` (send the `XSRF-TOKEN` cookie back as the ' +
          "`X-XSRF-TOKEN` header on every write), or pass `issueToken: true` and use the answer's `token` as a Bearer token. " +
          'Any signed-in write may carry an `Idempotency-Key` header: a repeat with the same key and request gets the ' +
          'first answer again (marked `Idempotent-Replayed: true`) and has no second effect, even across a server ' +
          'crash (a write made by a server that died before keeping its answer answers 410).',
        // The project publishes no licence (its packages are private): the document says so rather than name one.
        license: { name: 'Proprietary: all rights reserved' },
      },
      servers: [{ url: app.config.appUrl, description: 'This server (APP_URL)' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'ck_live_…',
            description:
              "A company's API key (its admins create them under Integrations), sent as `Authorization: Bearer " +
              'ck_live_…`. It acts as its company, limited to the operations that list it with the scope they need, ' +
              'and to its own rate (20 requests a second unless set otherwise: `RateLimit-*` headers on every answer, ' +
              '`Retry-After` on a 429). No CSRF token is needed.',
          },
          session: { type: 'apiKey', in: 'cookie', name: app.config.SESSION_COOKIE_NAME },
        },
      },
      security: [{ session: [] }, { bearer: [] }],
    },
    transform: operationTransform,
    transformObject: documentTransform,
  });
  if (app.config.apiDocs) await app.register(swaggerUi, { routePrefix: '/api/docs' });
});
