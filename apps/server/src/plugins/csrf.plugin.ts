import fastifyCsrf from '@fastify/csrf-protection';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const XSRF_COOKIE = 'XSRF-TOKEN';

/**
 * Sanctum-style CSRF: `GET /sanctum/csrf-cookie` sets a readable `XSRF-TOKEN` cookie (and an httpOnly secret);
 * every write must echo the token in `X-XSRF-TOKEN`, or it is answered 419. Calls authenticated by a Bearer token
 * or an API key carry no ambient credential and are exempt.
 */
export const csrfPlugin = fp(async (app: FastifyInstance) => {
  await app.register(fastifyCsrf, {
    cookieKey: '_csrf',
    cookieOpts: { path: '/', sameSite: 'lax', httpOnly: true, secure: app.config.cookieSecure },
    getToken: (request) => {
      const header = request.headers['x-xsrf-token'];
      return Array.isArray(header) ? header[0] : header;
    },
  });

  app.addHook('onRequest', (request, reply, done) => {
    if (SAFE_METHODS.has(request.method)) return done();
    if (request.auth?.kind === 'token' || request.apiKey) return done();
    // A provider's signed callback or a mail client's one-click unsubscribe: no session is read there (issue 36).
    if (request.routeOptions.config.crossSite) return done();
    app.csrfProtection(request, reply, done);
  });
});

/**
 * `GET /sanctum/csrf-cookie`, registered after the OpenAPI plugin (which sees only the routes that come after it), so
 * the document names it and a generated client can take the first step of signing in with a session.
 */
export function csrfCookieRoute(app: FastifyInstance): void {
  const schema = {
    operationId: 'getCsrfCookie',
    summary: 'Set the XSRF-TOKEN cookie that every write of a browser session echoes as X-XSRF-TOKEN',
    tags: ['sanctum'],
    response: { 204: z.undefined().describe('The cookie is set; no content.') },
  };
  app.get('/sanctum/csrf-cookie', { config: { public: true }, schema }, async (_request, reply) => {
    const token = reply.generateCsrf();
    void reply.setCookie(XSRF_COOKIE, token, {
      path: '/',
      httpOnly: false,
      sameSite: 'lax',
      secure: app.config.cookieSecure,
      maxAge: app.config.SESSION_IDLE_MINUTES * 60,
    });
    return reply.code(204).send();
  });
}
