import { z } from 'zod';
import { defineCall } from '../api/define-call.js';

/** Where the base map comes from (docs/decisions/024-base-map.md). */
export const BASE_MAP_KINDS = ['pmtiles', 'style', 'builtin'] as const;
export type BaseMapKind = (typeof BASE_MAP_KINDS)[number];

/** The operator's PMTiles archive, served by range requests (`MAP_PMTILES`). Not a JSON call: a file route. */
export const MAP_TILES_PATH = '/map/tiles.pmtiles';

const attribution = z.string().max(500);

/**
 * The base map the web app draws under the steps and markers. `pmtilesUrl` is a path on this server (with a version
 * that changes with the archive, so browsers never mix two archives' bytes); `styleUrl` a MapLibre style document,
 * `styleUrlDark` its dark twin when the operator has one. The built-in map needs nothing: it ships with the app.
 */
export const MapConfigSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('pmtiles'), pmtilesUrl: z.string().startsWith('/'), attribution }),
  z.object({
    kind: z.literal('style'),
    styleUrl: z.url(),
    styleUrlDark: z.url().optional(),
    attribution,
  }),
  z.object({ kind: z.literal('builtin'), attribution }),
]);
export type MapConfig = z.infer<typeof MapConfigSchema>;

export const mapCalls = {
  getMapConfig: defineCall({
    method: 'GET',
    path: '/map/config',
    summary: 'Which base map to draw (self-hosted PMTiles, a style URL, or the built-in one)',
    data: MapConfigSchema,
  }),
};
