import type { MapConfig } from '@courier/contract';
import { describe, expect, it } from 'vitest';
import { chooseBaseStyle, WATCH_START, watchBaseMap, type WatchEvent, type WatchState } from './base-style';

const pmtiles: MapConfig = {
  kind: 'pmtiles',
  pmtilesUrl: '/api/v1/map/tiles.pmtiles?v=1-2',
  attribution: 'OSM',
};
const style: MapConfig = { kind: 'style', styleUrl: 'https://tiles.example/light', attribution: '' };
const styleWithDark: MapConfig = { ...style, styleUrlDark: 'https://tiles.example/dark' };
const builtin: MapConfig = { kind: 'builtin', attribution: 'Natural Earth' };

describe('chooseBaseStyle', () => {
  it('draws the archive, the style URL or the built-in map as configured, in either scheme', () => {
    for (const scheme of ['light', 'dark'] as const) {
      expect(chooseBaseStyle(pmtiles, scheme, false)).toEqual({
        kind: 'pmtiles',
        pmtilesUrl: pmtiles.pmtilesUrl,
      });
      expect(chooseBaseStyle(builtin, scheme, false)).toEqual({ kind: 'builtin' });
    }
  });

  it('takes the dark style URL in the dark scheme, and the one URL when there is no dark one', () => {
    expect(chooseBaseStyle(styleWithDark, 'light', false)).toEqual({
      kind: 'style',
      url: 'https://tiles.example/light',
    });
    expect(chooseBaseStyle(styleWithDark, 'dark', false)).toEqual({
      kind: 'style',
      url: 'https://tiles.example/dark',
    });
    expect(chooseBaseStyle(style, 'dark', false)).toEqual({
      kind: 'style',
      url: 'https://tiles.example/light',
    });
  });

  it('draws the built-in map once the configured one has failed', () => {
    expect(chooseBaseStyle(pmtiles, 'light', true)).toEqual({ kind: 'builtin' });
    expect(chooseBaseStyle(styleWithDark, 'dark', true)).toEqual({ kind: 'builtin' });
  });
});

describe('watchBaseMap', () => {
  const run = (...events: WatchEvent[]): WatchState => events.reduce(watchBaseMap, WATCH_START);

  it("draws the default street map, and the built-in one as soon as the street style's document fails", () => {
    // What the server answers with nothing configured (apps/server, chooseBaseMap).
    const streets: MapConfig = {
      kind: 'style',
      styleUrl: 'https://tiles.openfreemap.org/styles/liberty',
      styleUrlDark: 'https://tiles.openfreemap.org/styles/dark',
      attribution: '',
    };
    for (const scheme of ['light', 'dark'] as const) {
      expect(chooseBaseStyle(streets, scheme, WATCH_START.failed)).toEqual({
        kind: 'style',
        url: scheme === 'light' ? streets.styleUrl : streets.styleUrlDark,
      });
      // Out of reach (no network, a blocked host): the fetch of the style errs, with no source, before it loaded.
      const failed = watchBaseMap(WATCH_START, { type: 'error' });
      expect(chooseBaseStyle(streets, scheme, failed.failed)).toEqual({ kind: 'builtin' });
    }
    // A style that hangs instead is given the time-out; one that loaded stays through it.
    expect(run({ type: 'timeout' }).failed).toBe(true);
    expect(
      run({ type: 'style-loaded' }, { type: 'tile-loaded', sourceId: 'openmaptiles' }, { type: 'timeout' })
        .failed,
    ).toBe(false);
  });

  it('fails over when the style document does not load, by an error or by time', () => {
    expect(run({ type: 'error' }).failed).toBe(true);
    expect(run({ type: 'timeout' }).failed).toBe(true);
    expect(run({ type: 'style-loaded' }, { type: 'timeout' }).failed).toBe(false);
  });

  it('fails over when the base map source errs before any of its tiles arrived (a missing archive)', () => {
    expect(run({ type: 'style-loaded' }, { type: 'error', sourceId: 'protomaps' }).failed).toBe(true);
  });

  it('keeps a base map whose tiles arrived through a later tile error, and ignores glyph and sprite errors', () => {
    const working = run({ type: 'style-loaded' }, { type: 'tile-loaded', sourceId: 'protomaps' });
    expect(watchBaseMap(working, { type: 'error', sourceId: 'protomaps' }).failed).toBe(false);
    expect(run({ type: 'style-loaded' }, { type: 'error' }).failed).toBe(false);
  });

  it('never blames the base map for our own overlay sources', () => {
    const loaded = run({ type: 'style-loaded' });
    expect(watchBaseMap(loaded, { type: 'error', sourceId: 'app-route' }).failed).toBe(false);
    // An overlay tile arriving does not prove the base map works either.
    const overlayOnly = watchBaseMap(loaded, { type: 'tile-loaded', sourceId: 'app-route' });
    expect(watchBaseMap(overlayOnly, { type: 'error', sourceId: 'openmaptiles' }).failed).toBe(true);
  });

  it('stays failed', () => {
    const failed = run({ type: 'timeout' });
    expect(watchBaseMap(failed, { type: 'style-loaded' })).toBe(failed);
    expect(watchBaseMap(failed, { type: 'tile-loaded', sourceId: 'protomaps' })).toBe(failed);
  });
});
