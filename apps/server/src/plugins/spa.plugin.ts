import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { SESSION_STATE_ELEMENT_ID } from '@courier/contract/plain';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { readRouteDocuments, routeDocumentPicker } from './route-documents.js';

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

interface SpaOptions {
  distDir: string;
  /** The signed-in user's state for a signed-in screen's HTML (the identity domain's, given by app.ts). */
  sessionState?: (auth: NonNullable<FastifyRequest['auth']>) => Promise<unknown>;
}

/**
 * Serves the built web app (precompressed, decision 033) and answers every non-API GET with its index.html, so
 * client-side routes load directly: the copy of it that names the files of the route the path shows, where the
 * build wrote one (decision 051). Unknown `/api/*` paths answer 404 JSON.
 */
export const spaPlugin = fp(async (app: FastifyInstance, opts: SpaOptions) => {
  const hasSpa = opts.distDir !== '' && existsSync(join(opts.distDir, 'index.html'));
  const documentOf = routeDocumentPicker(hasSpa ? readRouteDocuments(opts.distDir) : []);
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
    const route = documentOf(path);
    const auth = request.auth;
    if (route?.guarded && opts.sessionState && auth?.kind === 'session' && !auth.locked)
      return sendWithSessionState(reply, join(opts.distDir, route.file), opts.sessionState(auth), request);
    void reply.header('cache-control', 'no-cache');
    return reply.type('text/html').sendFile(route?.file ?? 'index.html');
  });
});

/**
 * A signed-in screen's HTML with the session's state in it (decision 051), for the caller only: never stored by a
 * cache, compressed for this answer (a few KB). The web app's guard takes it instead of asking GET /me, /me/role and
 * /me/company before its first screen. Without it (a failure reading the state), the plain copy goes and the guard
 * asks as before.
 */
async function sendWithSessionState(
  reply: FastifyReply,
  file: string,
  state: Promise<unknown>,
  request: FastifyRequest,
) {
  const [html, data] = await Promise.all([readFile(file, 'utf8'), state.catch(() => null)]);
  const page = data === null ? html : html.replace('</head>', `${sessionStateScript(data)}</head>`);
  void reply.header('cache-control', 'no-store').header('vary', 'Cookie, Accept-Encoding').type('text/html');
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted))
    return reply
      .header('content-encoding', 'br')
      .send(brotliCompressSync(page, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }));
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(gzipSync(page));
  return reply.send(page);
}

/**
 * The state as an inert JSON element: `<` is written as \u003c, so no text in it can close the element or open a
 * comment, and the line separators JavaScript once refused are escaped too.
 */
export function sessionStateScript(data: unknown): string {
  const json = JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${SESSION_STATE_ELEMENT_ID}">${json}</script>`;
}
