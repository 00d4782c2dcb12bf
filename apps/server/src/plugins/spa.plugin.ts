import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const API_PATH = /^\/(api|sanctum|assets)(\/|$)/;

/** A script or a style sheet, or its precompressed copy (the path setHeaders is given is the file sent). */
const SUBRESOURCE = /\.(js|css)(\.br|\.gz)?$/;

/** Helmet's headers that apply to a document (or a worker) only; `nosniff` and CORP stay on every file. */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

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
        const asset = path.includes('/assets/');
        void res.header('cache-control', asset ? 'public, max-age=31536000, immutable' : 'no-cache');
        // Helmet's headers that only a document reads (about 700 bytes, the CSP most of it) are left off the hashed
        // scripts and styles, which a cold /login loads six of (decision 045). The app starts no worker from
        // /assets (the service worker is /sw.js, MapLibre's is a blob of the page), so none of them needs a CSP. Helmet
        // writes them on the raw response when the request starts.
        if (asset && SUBRESOURCE.test(path))
          for (const name of DOCUMENT_ONLY_HEADERS) res.raw.removeHeader(name);
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
