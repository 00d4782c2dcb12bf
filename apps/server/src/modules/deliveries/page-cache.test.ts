import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedEncoding } from '../../lib/serialized-answer.js';
import { twoCompanies } from '../../test/company-fixture.js';
import { testDropoff, testPickup } from '../../test/delivery-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let c: Awaited<ReturnType<typeof twoCompanies>>;

beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t);
  for (const name of ['Ready bytes 1', 'Ready bytes 2', 'Ready bytes 3'])
    expect(
      (await c.adminA.post(`${c.base}/delivery/create-delivery`, { name, steps: [testPickup, testDropoff] }))
        .statusCode,
    ).toBe(201);
});
afterAll(() => t.close());

const url = () => `${c.base}/delivery?per_page=10&search=Ready`;
const read = (acceptEncoding?: string) =>
  c.adminA.get(url(), acceptEncoding ? { headers: { 'accept-encoding': acceptEncoding } } : undefined);
const bodyOf = (res: Awaited<ReturnType<typeof read>>) => {
  const raw = res.rawPayload;
  const encoding = res.headers['content-encoding'];
  const text = (
    encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw
  ).toString('utf8');
  return JSON.parse(text) as { data: { name: string; deliveryLiveStatusTypeSlug: string }[] };
};

describe('the cached delivery page as ready bytes (decision 044)', () => {
  it('answers the same page compressed as the client accepts it, still personal (no-store)', async () => {
    const plain = await read();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const page = bodyOf(plain);
    expect(page.data.map((d) => d.name).sort()).toEqual(['Ready bytes 1', 'Ready bytes 2', 'Ready bytes 3']);
    for (const [accept, expected] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip;q=0.5', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const res = await read(accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(expected);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(bodyOf(res)).toEqual(page);
      if (expected) expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    }
  });

  it('compresses the page of the new version after a write, never an older one', async () => {
    const before = bodyOf(await read('br'));
    const target = before.data[0]!;
    const uuid = (before.data[0] as unknown as { uuid: string }).uuid;
    await c.adminA.post(`${c.base}/delivery/${uuid}/status`, {
      statusSlug: 'cancelled',
      cancelTypeSlug: 'other',
    });
    for (const accept of ['br', 'gzip', undefined]) {
      const after = bodyOf(await read(accept));
      expect(after.data.find((d) => d.name === target.name)?.deliveryLiveStatusTypeSlug).toBe('cancelled');
    }
    // The other company never sees the page, compressed or not.
    expect(
      (await c.adminB.get(url().replace(c.base, c.baseB), { headers: { 'accept-encoding': 'br' } })).json<{
        data: unknown[];
      }>().data,
    ).toEqual([]);
  });

  it('reads Accept-Encoding as RFC 9110 says: brotli first, a zero weight refuses', () => {
    expect(acceptedEncoding('gzip, br')).toBe('br');
    expect(acceptedEncoding('BR')).toBe('br');
    expect(acceptedEncoding('br;q=0')).toBeUndefined();
    expect(acceptedEncoding('br; q=0.0, gzip; q=1')).toBe('gzip');
    expect(acceptedEncoding('deflate, identity')).toBeUndefined();
    expect(acceptedEncoding('')).toBeUndefined();
  });
});
