import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

const INDEX = `<!doctype html><html><head><title>Courier</title></head><body>${'<div></div>'.repeat(200)}</body></html>`;
const SCRIPT = `export const words = ${JSON.stringify('delivery '.repeat(500))};`;

let dir: string;
let t: TestApp;
beforeAll(async () => {
  // A build as vite.config.mts leaves it: each text file with its .br and .gz beside it.
  dir = mkdtempSync(join(tmpdir(), 'courier-spa-'));
  mkdirSync(join(dir, 'assets'));
  for (const [path, text] of [
    ['index.html', INDEX],
    ['assets/app-abc123.js', SCRIPT],
  ] as const) {
    writeFileSync(join(dir, path), text);
    writeFileSync(join(dir, `${path}.br`), brotliCompressSync(text));
    writeFileSync(join(dir, `${path}.gz`), gzipSync(text));
  }
  t = await createTestApp({}, { webDistDir: dir });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('the web app as the server sends it', () => {
  it('sends the Brotli copy of an asset to a browser that accepts it, cached for good', async () => {
    const res = await get('/assets/app-abc123.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 4);
    // A script keeps nosniff and CORP, not the document-only headers (the CSP and the like).
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['x-frame-options']).toBeUndefined();
  });

  it('sends gzip to a browser without Brotli, and the file itself to one that accepts neither', async () => {
    const gz = await get('/assets/app-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('answers a client route with the compressed index.html, always revalidated', async () => {
    const res = await get('/DeliveryDetail/some-uuid', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX);
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(res.headers['x-frame-options']).toBeDefined();
    // An unknown API path is still a JSON 404.
    const api = await get('/api/v1/no-such-thing', 'br');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ message: expect.stringContaining('does not exist') });
  });
});
