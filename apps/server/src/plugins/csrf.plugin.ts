import fastifyCsrf from '@fastify/csrf-protection';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const XSRF_COOKIE = 'XSRF-TOKEN';

/**
 * Sanctum-style CSRF: `GET /sanctum/csrf-cookie` sets a readable `XSRF-TOKEN` cookie (and an httpOnly secret);
 * every write must echo the token in `X-XSRF-TOKEN`, or it is answered 419. Calls authenticated by a Bearer token
 * carry no ambient credential and are exempt.
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

  app.get('/sanctum/csrf-cookie', { schema: { hide: true } }, async (_request, reply) => {
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

  app.addHook('onRequest', (request, reply, done) => {
    if (SAFE_METHODS.has(request.method)) return done();
    if (request.auth?.kind === 'token') return done();
    app.csrfProtection(request, reply, done);
  });
});
