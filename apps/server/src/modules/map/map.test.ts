import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PMTiles, type RangeResponse, type Source } from 'pmtiles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config/env.js';
import { writePmtiles } from '../../test/pmtiles-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { chooseBaseMap, mapCspOrigins } from './base-map.service.js';

const dir = mkdtempSync(join(tmpdir(), 'courier-map-test-'));
const archivePath = join(dir, 'region.pmtiles');
const tileA = new Uint8Array([1, 2, 3, 4, 5]);
const tileB = new Uint8Array(Array.from({ length: 300 }, (_, i) => i % 251));
const archive = writePmtiles(
  [
    { z: 0, x: 0, y: 0, data: tileA },
    { z: 9, x: 255, y: 170, data: tileB },
  ],
  { bounds: [-1, 51, 1, 52] },
);
writeFileSync(archivePath, archive);

const TILES = '/api/v1/map/tiles.pmtiles';

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('chooseBaseMap', () => {
  const choose = (env: Record<string, string>) => {
    const warnings: string[] = [];
    const choice = chooseBaseMap(loadConfig({ DATA_DIR: dir, ...env }), (_f, m) => void warnings.push(m));
    return { ...choice, warnings };
  };

  it("draws OpenFreeMap's street styles when nothing is configured, credited by the styles themselves", () => {
    expect(choose({})).toEqual({
      config: {
        kind: 'style',
        styleUrl: 'https://tiles.openfreemap.org/styles/liberty',
        styleUrlDark: 'https://tiles.openfreemap.org/styles/dark',
        attribution: '',
      },
      archive: null,
      warnings: [],
    });
  });

  it('draws the built-in map with MAP_OFFLINE, ignoring a style URL with a warning', () => {
    expect(choose({ MAP_OFFLINE: 'true' })).toEqual({
      config: { kind: 'builtin', attribution: 'Natural Earth' },
      archive: null,
      warnings: [],
    });
    const ignored = choose({ MAP_OFFLINE: 'true', MAP_STYLE_URL: 'https://tiles.example/light' });
    expect(ignored.config.kind).toBe('builtin');
    expect(ignored.warnings).toEqual(['MAP_OFFLINE is set; MAP_STYLE_URL is ignored']);
    expect(choose({ MAP_OFFLINE: 'false' }).config.kind).toBe('style');
    // Nor does the Content-Security-Policy open a door for the style that is not drawn.
    const plainHttp = { MAP_OFFLINE: 'true', MAP_STYLE_URL: 'http://tiles.lan:8080/basic.json' };
    expect(mapCspOrigins(loadConfig(plainHttp))).toEqual([]);
  });

  it('still serves a readable PMTiles archive with MAP_OFFLINE: it is our own server', () => {
    const choice = choose({ MAP_OFFLINE: 'true', MAP_PMTILES: archivePath });
    expect(choice.config.kind).toBe('pmtiles');
    expect(choice.archive).toEqual({ dir, file: 'region.pmtiles' });
    expect(choice.warnings).toEqual([]);
  });

  it('draws a style URL, with its dark twin when given', () => {
    expect(choose({ MAP_STYLE_URL: 'https://tiles.example/styles/liberty' }).config).toEqual({
      kind: 'style',
      styleUrl: 'https://tiles.example/styles/liberty',
      attribution: '',
    });
    expect(
      choose({
        MAP_STYLE_URL: 'https://tiles.example/light',
        MAP_STYLE_URL_DARK: 'https://tiles.example/dark',
        MAP_ATTRIBUTION: 'Our tiles',
      }).config,
    ).toEqual({
      kind: 'style',
      styleUrl: 'https://tiles.example/light',
      styleUrlDark: 'https://tiles.example/dark',
      attribution: 'Our tiles',
    });
  });

  it('prefers a readable PMTiles archive, with a URL versioned by the file', () => {
    const choice = choose({ MAP_PMTILES: archivePath, MAP_STYLE_URL: 'https://tiles.example/light' });
    expect(choice.config).toMatchObject({
      kind: 'pmtiles',
      attribution: expect.stringContaining('OpenStreetMap'),
    });
    expect(choice.config.kind === 'pmtiles' && choice.config.pmtilesUrl).toMatch(
      /^\/api\/v1\/map\/tiles\.pmtiles\?v=[0-9a-z]+-[0-9a-z]+$/,
    );
    expect(choice.archive).toEqual({ dir, file: 'region.pmtiles' });
  });

  it('falls back, with a warning, when the archive is missing or is a folder', () => {
    const missing = choose({ MAP_PMTILES: join(dir, 'nowhere.pmtiles') });
    expect(missing.config).toMatchObject({
      kind: 'style',
      styleUrl: 'https://tiles.openfreemap.org/styles/liberty',
    });
    expect(missing.warnings).toEqual(['MAP_PMTILES is not a readable file; the map falls back']);
    expect(choose({ MAP_PMTILES: dir, MAP_STYLE_URL: 'https://tiles.example/light' }).config).toMatchObject({
      kind: 'style',
      styleUrl: 'https://tiles.example/light',
    });
    expect(choose({ MAP_PMTILES: dir, MAP_OFFLINE: 'true' }).config.kind).toBe('builtin');
  });

  it('refuses a style URL that is not http(s)', () => {
    expect(() => loadConfig({ MAP_STYLE_URL: 'file:///etc/passwd' })).toThrow(/MAP_STYLE_URL/);
  });
});

describe('the map calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ MAP_PMTILES: archivePath });
  });
  afterAll(() => t.close());

  const get = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: TILES, headers });

  it('answers the config to anyone, signed in or not', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/map/config' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json<{ data: { kind: string; pmtilesUrl: string } }>();
    expect(data.kind).toBe('pmtiles');
    // The versioned URL the web app is given is the archive.
    const viaUrl = await t.app.inject({ method: 'GET', url: data.pmtilesUrl });
    expect(viaUrl.rawPayload.equals(archive)).toBe(true);
  });

  it('serves the whole archive with its validators and caching headers', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['content-length']).toBe(String(archive.length));
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers.etag).toBeTruthy();
    expect(res.headers['last-modified']).toBeTruthy();
    expect(res.rawPayload.equals(archive)).toBe(true);
  });

  it('answers HEAD with the length and no body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: TILES });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe(String(archive.length));
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.rawPayload.length).toBe(0);
  });

  it('answers a range with 206, its Content-Range and exactly those bytes', async () => {
    const res = await get({ range: 'bytes=0-126' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 0-126/${archive.length}`);
    expect(res.headers['content-length']).toBe('127');
    expect(res.rawPayload.equals(archive.subarray(0, 127))).toBe(true);

    const tail = await get({ range: 'bytes=-5' });
    expect(tail.statusCode).toBe(206);
    expect(tail.headers['content-range']).toBe(
      `bytes ${archive.length - 5}-${archive.length - 1}/${archive.length}`,
    );
    expect(tail.rawPayload.equals(archive.subarray(-5))).toBe(true);
  });

  it('clips a range that runs past the end, as a PMTiles reader asks for its first 16 kB', async () => {
    const res = await get({ range: 'bytes=0-16383' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 0-${archive.length - 1}/${archive.length}`);
    expect(res.rawPayload.equals(archive)).toBe(true);
  });

  it('answers 416 with the size to a range outside the file', async () => {
    const res = await get({ range: `bytes=${archive.length}-${archive.length + 10}` });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe(`bytes */${archive.length}`);
  });

  it('answers 304 to a revalidation with the ETag', async () => {
    const etag = (await get()).headers.etag as string;
    expect((await get({ 'if-none-match': etag })).statusCode).toBe(304);
  });

  it('is read tile by tile by the pmtiles reader itself', async () => {
    const source: Source = {
      getKey: () => TILES,
      getBytes: async (offset, length): Promise<RangeResponse> => {
        const res = await get({ range: `bytes=${offset}-${offset + length - 1}` });
        expect(res.statusCode).toBe(206);
        const body = res.rawPayload;
        return { data: body.buffer.slice(body.byteOffset, body.byteOffset + body.length) as ArrayBuffer };
      },
    };
    const reader = new PMTiles(source);
    const header = await reader.getHeader();
    expect(header).toMatchObject({ minZoom: 0, maxZoom: 9, minLon: -1, maxLat: 52 });
    expect(new Uint8Array((await reader.getZxy(0, 0, 0))!.data)).toEqual(tileA);
    expect(new Uint8Array((await reader.getZxy(9, 255, 170))!.data)).toEqual(tileB);
    expect(await reader.getZxy(9, 0, 0)).toBeUndefined();
  });
});

describe('without an archive', () => {
  it('answers 404 for the tiles, logs why, and tells an offline install to draw the built-in map', async () => {
    const t = await createTestApp({ MAP_OFFLINE: 'true' });
    const lines: string[] = [];
    const app = await buildApp({
      config: { ...t.config, LOG_LEVEL: 'warn', mapPmtiles: join(dir, 'gone.pmtiles') },
      database: t.database,
      logStream: { write: (line) => void lines.push(line) },
    });
    try {
      await app.ready();
      expect(lines.join('')).toContain('MAP_PMTILES is not a readable file');
      const config = await app.inject({ method: 'GET', url: '/api/v1/map/config' });
      expect(config.json()).toEqual({ data: { kind: 'builtin', attribution: 'Natural Earth' } });
      expect((await app.inject({ method: 'GET', url: TILES })).statusCode).toBe(404);
    } finally {
      await app.close();
      await t.close();
    }
  });

  it("lets the browser reach the default street map's https origin for its style, tiles, sprites and glyphs", async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/map/config' });
      expect(res.json()).toMatchObject({
        data: { kind: 'style', styleUrl: expect.stringMatching(/^https:/) },
      });
      const csp = res.headers['content-security-policy'] as string;
      for (const directive of ['connect-src', 'img-src', 'font-src'])
        expect(csp).toMatch(new RegExp(`${directive} [^;]*https:(?=[ ;]|$)`));
      expect(csp).toMatch(/worker-src [^;]*blob:/);
    } finally {
      await t.close();
    }
  });

  it('lets the browser reach a plain-http style server, and only that one', async () => {
    const t = await createTestApp({ MAP_STYLE_URL: 'http://tiles.lan:8080/styles/basic.json' });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/map/config' });
      const csp = res.headers['content-security-policy'] as string;
      expect(csp).toMatch(/connect-src [^;]*http:\/\/tiles\.lan:8080/);
      expect(csp).toMatch(/img-src [^;]*http:\/\/tiles\.lan:8080/);
      expect(csp).not.toMatch(/connect-src [^;]*http:(?!\/\/tiles)/);
    } finally {
      await t.close();
    }
  });
});
