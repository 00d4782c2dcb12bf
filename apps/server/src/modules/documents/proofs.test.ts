import { count } from 'drizzle-orm';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryStepTaskProofs, driverInfos, storedFiles } from '../../db/schema/index.js';
import { Agent } from '../../test/agent.js';
import { twoCompanies } from '../../test/company-fixture.js';
import { createTestDelivery, type TestDelivery } from '../../test/delivery-fixture.js';
import { createCompany, createUser, TEST_PASSWORD } from '../../test/factories.js';
import { EXE, JPEG, multipart, PDF, PNG, WEBP } from '../../test/multipart.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let c: Awaited<ReturnType<typeof twoCompanies>>;
let delivery: TestDelivery;
let dropoffTask: string;

type Proof = {
  uuid: string;
  url: string;
  proofName: string;
  deliveryStepTaskProofTypeSlug: string;
  deliveryStepUuid: string;
  deliveryStepTaskUuid: string;
  document: {
    mimeType: string;
    extension: string;
    sizeBytes: number;
    originalName: string;
    documentTypeSlug: string;
  };
};

beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t);
  await t.database.db.update(driverInfos).set({ statusSlug: 'available' });
  delivery = await createTestDelivery(c.adminA, c.base);
  dropoffTask = delivery.deliverySteps[1]!.deliveryStepTasks[0]!.deliveryStepTaskUuid;
});
afterAll(() => t.close());

const upload = (
  agent: Agent,
  fields: Record<string, string>,
  file: { name: string; type: string; bytes: Buffer },
  base = c.base,
  deliveryUuid = delivery.uuid,
) => {
  const body = multipart(fields, file);
  return agent.request('POST', `${base}/delivery/${deliveryUuid}/doc/step/task/proof`, body.body, {
    headers: body.headers,
  });
};
const storedCount = async () => (await t.database.db.select({ n: count() }).from(storedFiles))[0]?.n ?? 0;
const filesOnDisk = () => {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
    );
  try {
    return walk(t.config.filesDir).length;
  } catch {
    return 0;
  }
};

describe('proofs of delivery', () => {
  it('accepts a PNG signature, a JPEG and a WebP photo and a PDF, recording name, size, type and extension', async () => {
    const cases = [
      {
        type: 'signature',
        file: { name: 'sig.png', type: 'image/png', bytes: PNG },
        mime: 'image/png',
        ext: 'png',
      },
      {
        type: 'photo',
        file: { name: 'door.jpg', type: 'image/jpeg', bytes: JPEG },
        mime: 'image/jpeg',
        ext: 'jpg',
      },
      {
        type: 'photo',
        file: { name: 'box.webp', type: 'image/webp', bytes: WEBP },
        mime: 'image/webp',
        ext: 'webp',
      },
      {
        type: 'document',
        file: { name: 'pod.pdf', type: 'application/pdf', bytes: PDF },
        mime: 'application/pdf',
        ext: 'pdf',
      },
    ];
    for (const k of cases) {
      const res = await upload(
        c.adminA,
        { deliveryStepTaskUuid: dropoffTask, proofTypeSlug: k.type },
        k.file,
      );
      expect(res.statusCode, k.file.name).toBe(201);
      const proof = res.json<{ data: Proof }>().data;
      expect(proof).toMatchObject({
        deliveryStepTaskUuid: dropoffTask,
        deliveryStepUuid: delivery.deliverySteps[1]!.deliveryStepUuid,
        deliveryStepTaskProofTypeSlug: k.type,
        document: {
          mimeType: k.mime,
          extension: k.ext,
          sizeBytes: k.file.bytes.length,
          originalName: k.file.name,
        },
      });
      const file = await c.adminA.get(proof.url);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe(k.mime);
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      // Pictures open in the browser, a PDF downloads; either way in a sandboxed document of its own.
      expect(file.headers['content-disposition']).toMatch(
        k.mime === 'application/pdf' ? /^attachment; filename="?pod\.pdf"?$/ : /^inline; /,
      );
      expect(file.headers['content-security-policy']).toBe(
        "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
      );
      expect(file.rawPayload.equals(k.file.bytes)).toBe(true);
    }
    const grouped = (
      await c.adminA.get(`${c.base}/delivery/step/task/doc?deliveryUuid=${delivery.uuid}`)
    ).json<{ data: Record<string, Record<string, Record<string, Proof[]>>> }>().data;
    const proofs = grouped[delivery.uuid]?.[delivery.deliverySteps[1]!.deliveryStepUuid]?.[dropoffTask] ?? [];
    expect(proofs.map((p) => p.document.originalName)).toEqual([
      'sig.png',
      'door.jpg',
      'box.webp',
      'pod.pdf',
    ]);
    expect(proofs[0]).toMatchObject({ proofName: 'Signature', document: { documentTypeSlug: 'signature' } });
    const detail = (await c.adminA.get(`${c.base}/delivery/${delivery.uuid}`)).json<{
      data: { deliveryDocuments: { originalName: string }[] };
    }>().data;
    expect(detail.deliveryDocuments.map((d) => d.originalName)).toEqual([
      'sig.png',
      'door.jpg',
      'box.webp',
      'pod.pdf',
    ]);
  });

  it('refuses a renamed executable, an oversized file and a task of another delivery, keeping nothing', async () => {
    const files = await storedCount();
    const disk = filesOnDisk();
    const exe = await upload(
      c.adminA,
      { deliveryStepTaskUuid: dropoffTask, proofTypeSlug: 'document' },
      { name: 'pod.pdf', type: 'application/pdf', bytes: EXE },
    );
    expect(exe.statusCode).toBe(422);
    expect(exe.json()).toMatchObject({ errors: { file: [expect.stringMatching(/not accepted/)] } });
    const big = await upload(
      c.adminA,
      { deliveryStepTaskUuid: dropoffTask, proofTypeSlug: 'photo' },
      { name: 'big.png', type: 'image/png', bytes: Buffer.concat([PNG, Buffer.alloc(11 * 1024 * 1024)]) },
    );
    expect(big.statusCode).toBe(413);
    const other = await createTestDelivery(c.adminA, c.base, { name: 'Other' });
    const wrongTask = await upload(
      c.adminA,
      {
        deliveryStepTaskUuid: other.deliverySteps[0]!.deliveryStepTasks[0]!.deliveryStepTaskUuid,
        proofTypeSlug: 'photo',
      },
      { name: 'a.png', type: 'image/png', bytes: PNG },
    );
    expect(wrongTask.statusCode).toBe(422);
    expect(wrongTask.json()).toMatchObject({ errors: { deliveryStepTaskUuid: [expect.any(String)] } });
    const badType = await upload(
      c.adminA,
      { deliveryStepTaskUuid: dropoffTask, proofTypeSlug: 'selfie' },
      { name: 'a.png', type: 'image/png', bytes: PNG },
    );
    expect(badType.json()).toMatchObject({ errors: { proofTypeSlug: [expect.any(String)] } });
    expect(await storedCount()).toBe(files);
    expect(filesOnDisk()).toBe(disk);
  });

  it('serves proofs only to companies that see the delivery; drivers upload for their own deliveries', async () => {
    const [proof] = (
      await t.database.db.select({ id: deliveryStepTaskProofs.id }).from(deliveryStepTaskProofs)
    ).slice(0, 1);
    const url = `${c.base}/delivery/doc/${proof!.id}/file`;
    expect((await c.adminB.get(url.replace(c.base, c.baseB))).statusCode).toBe(404);
    expect((await c.adminB.get(url)).statusCode).toBe(404);
    expect(
      (await c.adminB.get(`${c.baseB}/delivery/step/task/doc?deliveryUuid=${delivery.uuid}`)).statusCode,
    ).toBe(404);
    expect(
      (
        await upload(
          c.adminB,
          { deliveryStepTaskUuid: dropoffTask, proofTypeSlug: 'photo' },
          { name: 'a.png', type: 'image/png', bytes: PNG },
          c.baseB,
        )
      ).statusCode,
    ).toBe(404);
    // A driver not on the delivery gets 404 on their own calls (and 403 on the admin calls, which are not theirs);
    // once assigned, their upload is accepted and its file served to them.
    const sig = { name: 'sig.png', type: 'image/png', bytes: PNG };
    const fields = { deliveryStepTaskUuid: dropoffTask, proofTypeSlug: 'signature' };
    const driverBase = '/api/v1/driver';
    expect((await upload(c.driverA, fields, sig, driverBase)).statusCode).toBe(404);
    expect((await upload(c.driverA, fields, sig)).statusCode).toBe(403);
    const van = (await c.adminA.post(`${c.base}/vehicle`, { name: 'Van', registrationNumber: 'PV1' })).json<{
      data: { uuid: string };
    }>().data.uuid;
    await c.adminA.post(`${c.base}/delivery/${delivery.uuid}/vehicle/driver`, {
      vehicleUuid: van,
      driverUserUuids: [c.driverAUser.id],
    });
    const byDriver = await upload(c.driverA, fields, sig, driverBase);
    expect(byDriver.statusCode).toBe(201);
    const driverUrl = byDriver.json<{ data: Proof }>().data.url;
    expect(driverUrl).toBe(
      `/api/v1/driver/delivery/doc/${byDriver.json<{ data: { uuid: string } }>().data.uuid}/file`,
    );
    expect((await c.driverA.get(driverUrl)).statusCode).toBe(200);
    expect((await c.adminA.get(driverUrl)).statusCode).toBe(403);
    // A member of an unrelated third company gets nothing either.
    const third = await createCompany(t.database.db, { type: 'shipper' });
    const stranger = await createUser(t.database.db, { company: third, roles: ['company-admin'] });
    const agent = new Agent(t.app);
    await agent.login(stranger.email, TEST_PASSWORD);
    expect((await agent.get(url.replace(c.companyA.slug, third.slug))).statusCode).toBe(404);
  });
});
