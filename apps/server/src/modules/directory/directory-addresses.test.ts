import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoCompanies } from '../../test/company-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let c: Awaited<ReturnType<typeof twoCompanies>>;
type A = {
  uuid: string;
  label: string | null;
  line1: string;
  countryCode: string;
  location?: { lat: number; lng: number } | null;
};

beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t);
});
afterAll(() => t.close());

const address = {
  label: 'Depot',
  line1: '1 Dock Road',
  city: 'London',
  postcode: 'E16 1AA',
  countryCode: 'gb',
  lat: 51.5,
  lng: 0.02,
};

describe('directory addresses', () => {
  let saved: A;

  it('creates, reads in a list, updates and deletes an address', async () => {
    const res = await c.adminA.post(`${c.base}/address`, address);
    expect(res.statusCode).toBe(201);
    saved = res.json<{ data: A }>().data;
    expect(saved).toMatchObject({ label: 'Depot', countryCode: 'GB', location: { lat: 51.5, lng: 0.02 } });
    const upd = await c.adminA.request('PUT', `${c.base}/address/${saved.uuid}`, {
      ...address,
      label: 'Main depot',
      lat: undefined,
      lng: undefined,
    });
    expect(upd.json()).toMatchObject({ data: { label: 'Main depot', location: null } });
    expect((await c.adminB.request('PUT', `${c.baseB}/address/${saved.uuid}`, address)).statusCode).toBe(404);
    expect((await c.adminB.request('DELETE', `${c.baseB}/address/${saved.uuid}`)).statusCode).toBe(404);
    expect((await c.adminB.get(`${c.base}/address`)).statusCode).toBe(404);
    expect((await c.driverA.get(`${c.base}/address`)).statusCode).toBe(403);
  });

  it('answers 422 naming the bad fields', async () => {
    const res = await c.adminA.post(`${c.base}/address`, {
      line1: '',
      city: 'x',
      postcode: 'y',
      countryCode: 'GBR',
      lat: 100,
      lng: 0,
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json<{ errors: object }>().errors).sort()).toEqual([
      'countryCode',
      'lat',
      'line1',
    ]);
  });

  it('imports 50 rows with 2 bad ones: 48 saved, the 2 reported by row number, nothing of them kept', async () => {
    const rows = Array.from({ length: 50 }, (_, i) => ({
      label: `Shop ${i + 1}`,
      line1: `${i + 1} Market Street`,
      city: 'Leeds',
      postcode: 'LS1 1AA',
      countryCode: 'GB',
      lat: '53.8',
      lng: '-1.55',
    }));
    rows[9] = { ...rows[9]!, countryCode: 'England' };
    rows[29] = { ...rows[29]!, line1: '', lat: '200' };
    const res = await c.adminA.post(`${c.base}/address/import`, { firstRowNumber: 2, rows });
    expect(res.statusCode).toBe(200);
    const result = res.json<{
      data: { created: number; failed: { row: number; errors: Record<string, string[]> }[] };
    }>().data;
    expect(result.created).toBe(48);
    expect(result.failed.map((f) => f.row)).toEqual([11, 31]);
    expect(Object.keys(result.failed[1]!.errors).sort()).toEqual(['lat', 'line1']);
    const list = await c.adminA.get(`${c.base}/address?search=Shop&per_page=100`);
    expect(list.json<{ meta: { total: number } }>().meta.total).toBe(48);
    expect(list.json<{ data: A[] }>().data.map((a) => a.label)).not.toContain('Shop 10');
  });

  it('searches and paginates', async () => {
    const res = await c.adminA.get(`${c.base}/address?search=market&per_page=10&page=5`);
    const body = res.json<{ data: A[]; meta: { total: number; last_page: number; current_page: number } }>();
    expect(body.meta).toMatchObject({ total: 48, last_page: 5, current_page: 5 });
    expect(body.data).toHaveLength(8);
    expect((await c.adminA.get(`${c.base}/address?per_page=5000`)).statusCode).toBe(422);
  });

  it('refuses an import chunk over the limit', async () => {
    const rows = Array.from({ length: 501 }, () => ({ line1: 'x' }));
    expect((await c.adminA.post(`${c.base}/address/import`, { firstRowNumber: 2, rows })).statusCode).toBe(
      422,
    );
  });
});
