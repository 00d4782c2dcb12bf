import { statSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { MAP_TILES_PATH, type MapConfig } from '@courier/contract';
import type { AppConfig } from '../../config/env.js';

/**
 * The street map drawn when nothing is configured: OpenFreeMap's public styles, keyless, fetched by the users' browsers
 * (tiles, sprites and glyphs all on that one https origin). Each style's sources carry OpenFreeMap's attribution.
 */
export const OPENFREEMAP_STYLES = {
  light: 'https://tiles.openfreemap.org/styles/liberty',
  dark: 'https://tiles.openfreemap.org/styles/dark',
} as const;

/**
 * Map data from OpenStreetMap must say so (ODbL); Natural Earth is public domain but credited all the same. A style
 * document credits its own sources, so a style adds nothing unless MAP_ATTRIBUTION says so.
 */
export const DEFAULT_ATTRIBUTION = {
  pmtiles: '© OpenStreetMap contributors, Protomaps',
  style: '',
  builtin: 'Natural Earth',
} as const;

export interface BaseMap {
  /** What `GET /map/config` answers. */
  config: MapConfig;
  /** The archive served at MAP_TILES_PATH, when the base map is the self-hosted one. */
  archive: { dir: string; file: string } | null;
}

type Warn = (fields: Record<string, unknown>, message: string) => void;

/**
 * Chooses the base map once, at start-up (docs/decisions/024-base-map.md): the operator's PMTiles archive when
 * MAP_PMTILES names a readable file; else, with MAP_OFFLINE, the built-in map; else MAP_STYLE_URL, or OpenFreeMap's
 * street map when it is unset. A configured archive that is missing is logged and skipped rather than stopping the
 * server: a map without streets beats no product.
 */
export function chooseBaseMap(config: AppConfig, warn: Warn): BaseMap {
  const attribution = (kind: MapConfig['kind']) => config.MAP_ATTRIBUTION ?? DEFAULT_ATTRIBUTION[kind];
  if (config.mapPmtiles) {
    const archive = statArchive(config.mapPmtiles);
    if (archive) {
      return {
        config: {
          kind: 'pmtiles',
          // The version follows the file, so a replaced archive is a new URL and no cached range of the old one is
          // read with the new one's directory.
          pmtilesUrl: `/api/v1${MAP_TILES_PATH}?v=${archive.version}`,
          attribution: attribution('pmtiles'),
        },
        archive: { dir: dirname(config.mapPmtiles), file: basename(config.mapPmtiles) },
      };
    }
    warn(
      { path: config.mapPmtiles, fallback: config.MAP_OFFLINE ? 'builtin' : 'style' },
      'MAP_PMTILES is not a readable file; the map falls back',
    );
  }
  if (config.MAP_OFFLINE) {
    // Offline wins over a style URL: an install that must reach no third party is not undone by a leftover setting.
    if (config.MAP_STYLE_URL || config.MAP_STYLE_URL_DARK)
      warn(
        { styleUrl: config.MAP_STYLE_URL ?? config.MAP_STYLE_URL_DARK },
        'MAP_OFFLINE is set; MAP_STYLE_URL is ignored',
      );
    return { config: { kind: 'builtin', attribution: attribution('builtin') }, archive: null };
  }
  if (config.MAP_STYLE_URL_DARK && !config.MAP_STYLE_URL)
    warn({ styleUrlDark: config.MAP_STYLE_URL_DARK }, 'MAP_STYLE_URL_DARK is ignored without MAP_STYLE_URL');
  const [styleUrl, styleUrlDark] = config.MAP_STYLE_URL
    ? [config.MAP_STYLE_URL, config.MAP_STYLE_URL_DARK]
    : [OPENFREEMAP_STYLES.light, OPENFREEMAP_STYLES.dark];
  return {
    config: {
      kind: 'style',
      styleUrl,
      ...(styleUrlDark ? { styleUrlDark } : {}),
      attribution: attribution('style'),
    },
    archive: null,
  };
}

function statArchive(path: string): { version: string } | null {
  try {
    const stat = statSync(path);
    if (!stat.isFile()) return null;
    return { version: `${stat.size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}` };
  } catch {
    return null;
  }
}

/**
 * What the Content-Security-Policy must let the browser reach for the configured style: https origins (OpenFreeMap's
 * among them) are already allowed; a style served over plain http (a tile server on the operator's network) needs its
 * origin named, unless MAP_OFFLINE means it is not drawn.
 */
export function mapCspOrigins(config: AppConfig): string[] {
  if (config.MAP_OFFLINE) return [];
  return [config.MAP_STYLE_URL, config.MAP_STYLE_URL_DARK]
    .filter((url): url is string => url?.startsWith('http:') ?? false)
    .map((url) => new URL(url).origin);
}
