import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const API_PATH = /^\/(api|sanctum|assets)(\/|$)/;

/**
 * Serves the built web app (precompressed, decision 033) and answers every non-API GET with its index.html, so
 * client-side routes load directly. Unknown `/api/*` paths answer 404 JSON.
 */
export const spaPlugin = fp(async (app: FastifyInstance, opts: { distDir: string }) => {
  const hasSpa = opts.distDir !== '' && existsSync(join(opts.distDir, 'index.html'));
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: opts.distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text file (vite.config.mts): sent to browsers that accept them,
      // with Vary: Accept-Encoding, so nothing is compressed per request.
      preCompressed: true,
      // Hashed assets never change; index.html always revalidates.
      setHeaders: (res, path) => {
        void res.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (!hasSpa || API_PATH.test(path) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ message: `The route ${request.method} ${path} does not exist.` });
    }
    void reply.header('cache-control', 'no-cache');
    return reply.type('text/html').sendFile('index.html');
  });
});
