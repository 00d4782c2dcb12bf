import fastifyStatic from '@fastify/static';
import { MAP_TILES_PATH, mapCalls } from '@courier/contract';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/app-error.js';
import { registerCall } from '../../lib/route.js';
import type { BaseMap } from './base-map.service.js';

/**
 * A map view asks for a few dozen ranges of the archive, and panning asks for more: the tiles have their own limit so
 * that looking at a map never uses up the API's.
 */
const TILE_REQUESTS_PER_MINUTE = 6000;

export async function mapRoutes(app: FastifyInstance, baseMap: BaseMap): Promise<void> {
  registerCall(app, mapCalls.getMapConfig, () => Promise.resolve({ data: baseMap.config }));

  const archive = baseMap.archive;
  if (!archive) {
    app.get(MAP_TILES_PATH, { config: { public: true }, schema: { hide: true } }, () => {
      throw notFound('Map archive');
    });
    return;
  }
  // @fastify/static answers ranges (206 with Content-Range, 416 outside the file), HEAD, ETag, Last-Modified and
  // If-None-Match / If-Modified-Since / If-Range, which is all a PMTiles reader needs. Registered in a scope of its
  // own, serving nothing by itself, so its `sendFile` does not meet the web app's.
  await app.register(async (scope) => {
    await scope.register(fastifyStatic, { root: archive.dir, serve: false });
    // A 416 must say the file's size (`Content-Range: bytes */size`): keep the header @fastify/send gives its error,
    // then let the app's error handler write the answer.
    scope.setErrorHandler(
      (error: Error & { statusCode?: number; headers?: Record<string, string> }, _req, reply) => {
        if (error.statusCode === 416 && error.headers) void reply.headers(error.headers);
        throw error;
      },
    );
    scope.get(
      MAP_TILES_PATH,
      {
        config: {
          public: true,
          rateLimit: { max: TILE_REQUESTS_PER_MINUTE, timeWindow: '1 minute', hook: 'preValidation' },
          // Dozens of requests a map view: counted in memory and merged across processes once a second (decision 058).
          rateLimitCounting: 'merged',
        },
        schema: { summary: "The operator's PMTiles archive, by HTTP range requests", tags: ['map'] },
      },
      (_request, reply) => reply.sendFile(archive.file, archive.dir, { maxAge: '1d', acceptRanges: true }),
    );
  });
}
