import { fileURLToPath } from 'node:url';
import { PROOF_MIME_TYPES, WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT } from '@courier/contract';
import { lintFromString, loadConfig } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoCompanies } from '../test/company-fixture.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

interface Operation {
  operationId?: string;
  security?: unknown[];
  responses: Record<string, unknown>;
}
type Document = { paths: Record<string, Record<string, Operation>> } & Record<string, unknown>;

let t: TestApp;
let doc: Document;
beforeAll(async () => {
  t = await createTestApp();
  doc = t.app.swagger() as unknown as Document;
});
afterAll(() => t.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
  );
const operation = (operationId: string) => {
  const found = operations().find((o) => o.op.operationId === operationId);
  if (!found) throw new Error(`no operation ${operationId}`);
  return found;
};
const documented = (operationId: string) => Object.keys(operation(operationId).op.responses).map(Number);

describe('the OpenAPI document (decision 038)', () => {
  it('passes redocly lint with its recommended rules: no error, no warning', async () => {
    const config = await loadConfig({
      configPath: fileURLToPath(new URL('../../redocly.yaml', import.meta.url)),
    });
    const problems = await lintFromString({
      source: JSON.stringify(doc),
      absoluteRef: 'openapi.json',
      config,
    });
    const shown = problems
      .filter((p) => !p.ignored)
      .map((p) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer ?? '?'}: ${p.message}`);
    expect(shown).toEqual([]);
  });

  it('names every operation after its call in the contract, and says where it runs and under what licence', () => {
    expect(operations().length).toBeGreaterThan(150);
    expect(operations().every((o) => o.op.operationId)).toBe(true);
    expect(operation('createDelivery')).toMatchObject({
      method: 'POST',
      path: '/api/v1/c/{companySlug}/admin/delivery/create-delivery',
    });
    expect(operation('getCsrfCookie').path).toBe('/sanctum/csrf-cookie');
    expect(doc.servers).toEqual([expect.objectContaining({ url: t.config.appUrl })]);
    expect(doc.info).toMatchObject({ license: { name: expect.any(String) as string } });
  });

  it('describes API keys and, as OpenAPI 3.1 webhooks, every message the server sends (decisions 065, 066)', () => {
    const d = doc as unknown as {
      openapi: string;
      webhooks: Record<string, { post: { requestBody: { content: Record<string, { schema: object }> } } }>;
      components: { securitySchemes: Record<string, object> };
    };
    expect(d.openapi).toBe('3.1.0');
    expect(Object.keys(d.webhooks)).toEqual([...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT]);
    expect(JSON.stringify(d.webhooks['delivery.status_changed']!.post.requestBody)).toContain(
      'deliveryLiveStatusTypeSlug',
    );
    expect(d.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(operation('createDelivery').op.security).toEqual([
      { session: [] },
      { bearer: [] },
      { apiKey: ['deliveries:write'] },
    ]);
    // A call keys may not make lists no key.
    expect(operation('createApiKey').op.security).toBeUndefined();
  });

  it('documents the client errors each call can give, from its method, schemas and access rule', () => {
    expect(documented('health')).toEqual([200, 429]);
    expect(documented('login')).toEqual([200, 400, 413, 419, 422, 429]);
    expect(documented('signUp')).toEqual(expect.arrayContaining([409, 422]));
    expect(documented('me')).toEqual([200, 401, 423, 429]);
    expect(documented('getDelivery')).toEqual([200, 401, 403, 404, 422, 423, 429]);
    expect(documented('createDelivery')).toEqual([
      201, 400, 401, 403, 404, 409, 410, 413, 419, 422, 423, 429,
    ]);
    // The lock screen's own calls answer on a locked session.
    expect(documented('unlockSession')).not.toContain(423);
    expect(operation('login').op.security).toEqual([]);
    expect(operation('me').op.security).toBeUndefined();
  });

  it('documents a file download as its bytes under the types it may have, refused to a locked session', () => {
    for (const operationId of ['downloadProofFile', 'downloadMyProofFile', 'downloadMessageAttachmentFile']) {
      const answer = operation(operationId).op.responses['200'] as { content: Record<string, unknown> };
      expect(Object.keys(answer.content).sort(), operationId).toEqual([...PROOF_MIME_TYPES].sort());
      expect(answer.content['image/png']).toEqual({ schema: { type: 'string', format: 'binary' } });
      expect(documented(operationId)).toContain(423);
    }
  });

  it('documents the answers the server really gives', async () => {
    const { adminB, driverA, adminA, base } = await twoCompanies(t);
    const delivery = `${base}/delivery/00000000-0000-4000-8000-000000000000`;
    const answers = [
      (await t.app.inject({ method: 'GET', url: delivery })).statusCode,
      (await adminB.get(delivery)).statusCode,
      (await driverA.get(delivery)).statusCode,
      (await adminA.get(delivery)).statusCode,
      (await adminA.get(`${base}/delivery/not-a-uuid`)).statusCode,
    ];
    expect(answers).toEqual([401, 404, 403, 404, 422]);
    for (const status of answers) expect(documented('getDelivery')).toContain(status);
    // A body over the limit (1 MB) is refused before it is read.
    const tooLarge = await adminA.post(`${base}/delivery/create-delivery`, { name: 'x'.repeat(1_100_000) });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ message: expect.any(String) as string });
    expect(documented('createDelivery')).toContain(413);
  });
});
