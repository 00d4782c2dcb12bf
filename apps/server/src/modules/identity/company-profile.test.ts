import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoCompanies } from '../../test/company-fixture.js';
import { EXE, multipart, PNG } from '../../test/multipart.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let c: Awaited<ReturnType<typeof twoCompanies>>;

beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t);
});
afterAll(() => t.close());

describe('company profile', () => {
  it('reads and changes name and description, never the slug', async () => {
    expect((await c.adminA.get(`${c.base}/company`)).json()).toMatchObject({
      data: { slug: c.companyA.slug, logoUrl: null },
    });
    const res = await c.adminA.request('PUT', `${c.base}/company`, {
      name: 'Renamed Ltd',
      description: 'We ship.',
      slug: 'hijack',
    });
    expect(res.json()).toMatchObject({
      data: { name: 'Renamed Ltd', description: 'We ship.', slug: c.companyA.slug },
    });
    expect((await c.adminA.request('PUT', `${c.base}/company`, { name: '' })).statusCode).toBe(422);
    expect((await c.driverA.request('PUT', `${c.base}/company`, { name: 'x' })).statusCode).toBe(403);
    expect((await c.adminB.get(`${c.base}/company`)).statusCode).toBe(404);
  });

  it('uploads a logo served publicly with its type; refuses a non-image', async () => {
    const up = multipart({}, { name: 'logo.png', type: 'image/png', bytes: PNG });
    const res = await c.adminA.request('POST', `${c.base}/company/logo`, up.body, { headers: up.headers });
    expect(res.statusCode).toBe(200);
    const logoUrl = res.json<{ data: { logoUrl: string } }>().data.logoUrl;
    expect(logoUrl).toMatch(/^http:\/\/127\.0\.0\.1:3000\/api\/v1\/company\/[0-9a-f-]+\/logo\?v=/);
    const file = await t.app.inject({ method: 'GET', url: new URL(logoUrl).pathname });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    const bad = multipart({}, { name: 'logo.png', type: 'image/png', bytes: EXE });
    expect(
      (await c.adminA.request('POST', `${c.base}/company/logo`, bad.body, { headers: bad.headers }))
        .statusCode,
    ).toBe(422);
    const none = await c.adminA.request('POST', `${c.base}/company/logo`, {});
    expect(none.statusCode).toBe(422);
  });
});
