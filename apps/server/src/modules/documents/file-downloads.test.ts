import { parse } from 'content-disposition';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../../test/agent.js';
import { twoCompanies } from '../../test/company-fixture.js';
import { createTestDelivery } from '../../test/delivery-fixture.js';
import { createUser, TEST_PASSWORD } from '../../test/factories.js';
import { multipart, PDF, PNG } from '../../test/multipart.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { fileDisposition } from './files.service.js';

/**
 * Every kind of file download (proofs through a company's path and a driver's, inbox attachments, driver documents)
 * goes through the same registration as the JSON calls: the session lock holds on it (decision 030), and any file
 * name, in any script, comes back in a header a browser reads (issue 31).
 */
let t: TestApp;
let c: Awaited<ReturnType<typeof twoCompanies>>;
let deliveryUuid: string;
let dropoffTask: string;
let bob: { id: string; email: string };

type Kind = 'proof' | "driver's proof" | 'inbox attachment' | 'driver document';
const KINDS: Kind[] = ['proof', "driver's proof", 'inbox attachment', 'driver document'];
const NAMES = ['фото.png', '文件.png', 'parcel 📦 at door.png'];

const png = (name: string) => ({ name, type: 'image/png', bytes: PNG });
async function send(agent: Agent, url: string, fields: Record<string, string>, file: ReturnType<typeof png>) {
  const body = multipart(fields, file);
  const res = await agent.request('POST', url, body.body, { headers: body.headers });
  if (res.statusCode !== 201) throw new Error(`upload to ${url}: ${res.statusCode} ${res.body}`);
  return res.json<{ data: unknown }>().data;
}

/** Uploads a file of each kind under a name; answers its URL and who may download it. */
const uploads: Record<Kind, (file: ReturnType<typeof png>) => Promise<{ url: string; email: string }>> = {
  proof: async (file) => {
    const fields = { deliveryStepTaskUuid: dropoffTask, proofTypeSlug: 'photo' };
    const url = `${c.base}/delivery/${deliveryUuid}/doc/step/task/proof`;
    const proof = (await send(c.adminA, url, fields, file)) as { url: string };
    return { url: proof.url, email: c.adminAUser.email };
  },
  "driver's proof": async (file) => {
    const fields = { deliveryStepTaskUuid: dropoffTask, proofTypeSlug: 'photo' };
    const url = `/api/v1/driver/delivery/${deliveryUuid}/doc/step/task/proof`;
    const proof = (await send(c.driverA, url, fields, file)) as { url: string };
    return { url: proof.url, email: c.driverAUser.email };
  },
  'inbox attachment': async (file) => {
    const started = await c.adminA.post(`${c.base}/inbox/conversations`, {
      subject: 'Receipt',
      participantUuids: [bob.id],
      body: 'Attached',
    });
    const conversation = started.json<{ data: { uuid: string } }>().data.uuid;
    const url = `${c.base}/inbox/conversations/${conversation}/messages`;
    const message = (await send(c.adminA, url, { body: 'Here' }, file)) as { attachments: { url: string }[] };
    return { url: message.attachments[0]!.url, email: bob.email };
  },
  'driver document': async (file) => {
    const url = `${c.base}/driver/${c.driverAUser.id}/document`;
    const info = (await send(c.adminA, url, { documentTypeSlug: 'driving-licence' }, file)) as {
      documents: { url: string; originalName: string }[];
    };
    const doc = info.documents.find((d) => d.originalName === file.name);
    if (!doc) throw new Error(`no document named ${file.name}: ${JSON.stringify(info.documents)}`);
    return { url: doc.url, email: c.adminAUser.email };
  },
};

/** A session of its own for each test, so a lock left by a failing one locks nothing else. */
async function signIn(email: string) {
  const agent = new Agent(t.app);
  await agent.login(email, TEST_PASSWORD);
  return agent;
}

beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t);
  bob = await createUser(t.database.db, { company: c.companyA, roles: ['company-admin'] });
  const delivery = await createTestDelivery(c.adminA, c.base);
  deliveryUuid = delivery.uuid;
  dropoffTask = delivery.deliverySteps[1]!.deliveryStepTasks[0]!.deliveryStepTaskUuid;
  const van = await c.adminA.post(`${c.base}/vehicle`, { name: 'Van', registrationNumber: 'FD1' });
  const assigned = await c.adminA.post(`${c.base}/delivery/${deliveryUuid}/vehicle/driver`, {
    vehicleUuid: van.json<{ data: { uuid: string } }>().data.uuid,
    driverUserUuids: [c.driverAUser.id],
  });
  expect(assigned.statusCode, assigned.body).toBe(200);
});
afterAll(() => t.close());

describe('file downloads on a locked session (decision 030)', () => {
  it.each(KINDS)('%s: 423 while locked, the file once unlocked', async (kind) => {
    const { url, email } = await uploads[kind](png('receipt.png'));
    const agent = await signIn(email);
    expect((await agent.get(url)).statusCode).toBe(200);
    expect((await agent.post('/api/v1/me/lock')).statusCode).toBe(200);

    const refused = await agent.get(url);
    expect(refused.statusCode).toBe(423);
    expect(refused.json<{ message: string }>().message).toMatch(/locked/);
    expect(refused.rawPayload.includes(PNG)).toBe(false);
    // Fastify answers HEAD on every GET route: the lock holds there too.
    const cookie = t.config.SESSION_COOKIE_NAME;
    const head = await t.app.inject({ method: 'HEAD', url, cookies: { [cookie]: agent.cookie(cookie)! } });
    expect(head.statusCode).toBe(423);

    expect((await agent.post('/api/v1/me/unlock', { password: TEST_PASSWORD })).statusCode).toBe(200);
    const served = await agent.get(url);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });
});

describe('file names in any script (RFC 6266)', () => {
  describe.each(KINDS)('%s', (kind) => {
    it.each(NAMES)('serves %s with a Content-Disposition that reads back as its name', async (name) => {
      const { url, email } = await uploads[kind](png(name));
      const res = await (await signIn(email)).get(url);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.rawPayload.equals(PNG)).toBe(true);
      const header = String(res.headers['content-disposition']);
      expect(header).toMatch(/^inline; [\x20-\x7e]+$/);
      expect(parse(header).parameters.filename).toBe(name);
      // A client that reads only `filename` gets a plain-ASCII stand-in that keeps the extension.
      const fallback = parse(header, { extended: false }).parameters.filename;
      expect(fallback).toMatch(/^[\x20-\x7e]+\.png$/);
    });
  });

  it('sends a PDF as an attachment under its name', async () => {
    const { url, email } = await uploads.proof({
      name: 'накладная №7.pdf',
      type: 'application/pdf',
      bytes: PDF,
    });
    const res = await (await signIn(email)).get(url);
    expect(res.statusCode, res.body).toBe(200);
    const header = String(res.headers['content-disposition']);
    expect(header.startsWith('attachment; ')).toBe(true);
    expect(parse(header).parameters.filename).toBe('накладная №7.pdf');
  });

  it('keeps quotes, backslashes and control characters out of the ASCII stand-in', () => {
    const name = 'a "b" \\c\r\n\t.png';
    const header = fileDisposition(name, 'image/png');
    expect(header).toMatch(/^inline; filename="a _b_ _c___\.png"; filename\*=UTF-8''[\x21-\x7e]+$/);
    expect(parse(header).parameters.filename).toBe(name);
    // A plain name goes as it is, once.
    expect(fileDisposition('plain-name.pdf', 'application/pdf')).toBe('attachment; filename=plain-name.pdf');
  });
});
