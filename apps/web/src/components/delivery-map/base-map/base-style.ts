import type { MapConfig } from '@courier/contract';

export type Scheme = 'light' | 'dark';

/** What to draw under the steps: the operator's archive, a style document, or the map shipped with the app. */
export type BaseStyleChoice =
  { kind: 'builtin' } | { kind: 'style'; url: string } | { kind: 'pmtiles'; pmtilesUrl: string };

/**
 * The base style for a configuration and colour scheme (docs/decisions/024-base-map.md). Once the configured style
 * has failed to load, the built-in one, which needs no network and cannot fail.
 */
export function chooseBaseStyle(config: MapConfig, scheme: Scheme, failed: boolean): BaseStyleChoice {
  if (failed) return { kind: 'builtin' };
  switch (config.kind) {
    case 'pmtiles':
      return { kind: 'pmtiles', pmtilesUrl: config.pmtilesUrl };
    case 'style':
      // Without a dark twin the same style is drawn in the dark theme: a light map beats a made-up dark one.
      return {
        kind: 'style',
        url: scheme === 'dark' ? (config.styleUrlDark ?? config.styleUrl) : config.styleUrl,
      };
    case 'builtin':
      return { kind: 'builtin' };
  }
}

/**
 * Sources drawn over the base map (the route line, a live map's layers) take ids with this prefix, so their errors
 * are never read as the base map failing.
 */
export const OVERLAY_SOURCE_PREFIX = 'app-';
export const isOverlaySource = (sourceId: string) => sourceId.startsWith(OVERLAY_SOURCE_PREFIX);

/** How long a configured style may take to load before the built-in one is drawn instead. */
export const STYLE_LOAD_TIMEOUT_MS = 10_000;

export interface WatchState {
  styleLoaded: boolean;
  /** A tile of the base map's own sources has arrived: it works, and a later error is a passing one. */
  baseTileLoaded: boolean;
  failed: boolean;
}

export type WatchEvent =
  | { type: 'style-loaded' }
  | { type: 'tile-loaded'; sourceId: string }
  | { type: 'error'; sourceId?: string | undefined }
  | { type: 'timeout' };

export const WATCH_START: WatchState = { styleLoaded: false, baseTileLoaded: false, failed: false };

/**
 * Decides when the configured base map has failed: its style document did not load (an error before it loaded, or
 * nothing after STYLE_LOAD_TIMEOUT_MS), or its tiles cannot be read (an error of one of its sources before any of
 * their tiles arrived: a missing archive, a tile host out of reach). Errors of our own overlay sources, of glyphs or
 * sprites once the style is in, and of one tile after others arrived, are not the base map failing.
 */
export function watchBaseMap(state: WatchState, event: WatchEvent): WatchState {
  if (state.failed) return state;
  const isBase = (sourceId: string | undefined) => sourceId !== undefined && !isOverlaySource(sourceId);
  switch (event.type) {
    case 'style-loaded':
      return { ...state, styleLoaded: true };
    case 'tile-loaded':
      return isBase(event.sourceId) ? { ...state, baseTileLoaded: true } : state;
    case 'timeout':
      return state.styleLoaded ? state : { ...state, failed: true };
    case 'error':
      if (!state.styleLoaded) return { ...state, failed: true };
      if (isBase(event.sourceId) && !state.baseTileLoaded) return { ...state, failed: true };
      return state;
  }
}
