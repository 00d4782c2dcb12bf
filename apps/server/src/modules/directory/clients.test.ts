import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoCompanies } from '../../test/company-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let c: Awaited<ReturnType<typeof twoCompanies>>;
type C = {
  uuid: string;
  companyName: string;
  email: string | null;
  contacts: { firstname: string; email?: string; companyName: string }[];
};

beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t);
});
afterAll(() => t.close());

describe('clients', () => {
  let client: C;

  it('creates a client with contacts, updates it (replacing contacts) and deletes it', async () => {
    const res = await c.adminA.post(`${c.base}/client`, {
      companyName: 'Bloom & Co',
      email: 'Orders@Bloom.example',
      contacts: [
        {
          firstname: 'Rosa',
          lastname: 'Petal',
          email: 'rosa@bloom.example',
          phoneNumber: '+44 20 7000 0000',
        },
      ],
    });
    expect(res.statusCode).toBe(201);
    client = res.json<{ data: C }>().data;
    expect(client).toMatchObject({
      companyName: 'Bloom & Co',
      email: 'orders@bloom.example',
      contacts: [{ firstname: 'Rosa', companyName: 'Bloom & Co' }],
    });
    const upd = await c.adminA.request('PUT', `${c.base}/client/${client.uuid}`, {
      companyName: 'Bloom and Co',
      contacts: [
        { firstname: 'Ivy', lastname: 'Stem' },
        { firstname: 'Fern', lastname: 'Leaf' },
      ],
    });
    expect(upd.json<{ data: C }>().data.contacts.map((x) => x.firstname)).toEqual(['Ivy', 'Fern']);
    expect((await c.adminA.get(`${c.base}/client?search=fern`)).json<{ data: C[] }>().data).toHaveLength(1);
    expect((await c.adminB.request('DELETE', `${c.baseB}/client/${client.uuid}`)).statusCode).toBe(404);
    expect(
      (
        await c.adminB.request('PUT', `${c.baseB}/client/${client.uuid}`, {
          companyName: 'Ours',
          contacts: [],
        })
      ).statusCode,
    ).toBe(404);
    expect((await c.driverA.get(`${c.base}/client`)).statusCode).toBe(403);
  });

  it('answers 422 for a missing name or a bad e-mail, saving nothing', async () => {
    const res = await c.adminA.post(`${c.base}/client`, {
      companyName: '',
      email: 'nope',
      contacts: [{ firstname: '', lastname: 'x' }],
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json<{ errors: object }>().errors).sort()).toEqual([
      'companyName',
      'contacts.0.firstname',
      'email',
    ]);
    expect((await c.adminA.get(`${c.base}/client`)).json<{ meta: { total: number } }>().meta.total).toBe(1);
  });

  it('imports CSV rows with one contact each, reporting bad rows', async () => {
    const rows = [
      { companyName: 'Acme', email: 'hi@acme.example', contactFirstname: 'Ann', contactLastname: 'Lee' },
      { companyName: '', email: 'x@y.example' },
      { companyName: 'Beta', contactFirstname: 'Bo', contactLastname: 'Ng', contactEmail: 'not-an-email' },
      { companyName: 'Gamma' },
    ];
    const res = await c.adminA.post(`${c.base}/client/import`, { firstRowNumber: 2, rows });
    const result = res.json<{
      data: { created: number; failed: { row: number; errors: Record<string, string[]> }[] };
    }>().data;
    expect(result.created).toBe(2);
    expect(result.failed).toEqual([
      { row: 3, errors: { companyName: [expect.any(String)] } },
      { row: 4, errors: { 'contacts.0.email': [expect.any(String)] } },
    ]);
    const acme = (await c.adminA.get(`${c.base}/client?search=acme`)).json<{ data: C[] }>().data[0];
    expect(acme?.contacts[0]).toMatchObject({ firstname: 'Ann', companyName: 'Acme' });
    // A later row for the same client (any case) adds its contact to that client.
    const more = await c.adminA.post(`${c.base}/client/import`, {
      firstRowNumber: 2,
      rows: [{ companyName: 'ACME', contactFirstname: 'Ben', contactLastname: 'Ho' }],
    });
    expect(more.json()).toMatchObject({ data: { created: 1, failed: [] } });
    const merged = (await c.adminA.get(`${c.base}/client?search=acme`)).json<{ data: C[] }>().data;
    expect(merged).toHaveLength(1);
    expect(merged[0]?.contacts.map((x) => x.firstname)).toEqual(['Ann', 'Ben']);
  });

  it('deletes', async () => {
    expect((await c.adminA.request('DELETE', `${c.base}/client/${client.uuid}`)).statusCode).toBe(200);
    expect((await c.adminA.request('DELETE', `${c.base}/client/${client.uuid}`)).statusCode).toBe(404);
  });
});
