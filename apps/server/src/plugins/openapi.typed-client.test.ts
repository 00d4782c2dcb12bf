import { renameSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createUser, TEST_PASSWORD } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/** The outside developer's code (apps/server/openapi-client/client.ts), as this test sees it once it has run. */
interface ClientModule {
  signIn(baseUrl: string, email: string, password: string): Promise<unknown>;
  myName(client: unknown): Promise<string>;
  listDeliveries(
    client: unknown,
    companySlug: string,
  ): Promise<{ names: string[]; total: number | undefined }>;
  createDelivery(client: unknown, companySlug: string, name: string): Promise<string>;
  readDelivery(
    client: unknown,
    companySlug: string,
    deliveryUuid: string,
  ): Promise<{ status: number; name?: string; steps?: number; message?: string }>;
}

const clientDir = new URL('../../openapi-client/', import.meta.url);

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

describe('a client generated from the OpenAPI document (decision 038)', () => {
  it('type-checks the calls an outside developer writes against the generated types', async () => {
    const ast = await openapiTS(t.app.swagger() as OpenAPI3);
    const typesFile = fileURLToPath(new URL('openapi.d.ts', clientDir));
    // Written whole then renamed: a reader (an editor, another run) never sees half a file.
    writeFileSync(`${typesFile}.tmp`, astToString(ast));
    renameSync(`${typesFile}.tmp`, typesFile);

    const parsed = ts.getParsedCommandLineOfConfigFile(
      fileURLToPath(new URL('tsconfig.json', clientDir)),
      {},
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: (d) => {
          throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
        },
      },
    );
    if (!parsed) throw new Error('openapi-client/tsconfig.json cannot be read');
    const program = ts.createProgram(parsed.fileNames, parsed.options);
    const errors = ts.getPreEmitDiagnostics(program).map((d) => {
      const where = d.file
        ? `${d.file.fileName}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}`
        : '';
      return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
    });
    expect(parsed.fileNames.map((f) => f.split('/').pop())).toEqual(['client.ts', 'openapi.d.ts']);
    expect(errors).toEqual([]);
  }, 120_000);

  it('signs in through it and lists, creates and reads deliveries over HTTP', async () => {
    const company = await createCompany(t.database.db);
    const admin = await createUser(t.database.db, {
      company,
      roles: ['company-admin'],
      firstname: 'Ada',
      lastname: 'Typed',
    });
    const api = (await import(fileURLToPath(new URL('client.ts', clientDir)))) as ClientModule;

    const client = await api.signIn(baseUrl, admin.email, TEST_PASSWORD);
    expect(await api.myName(client)).toBe('Ada Typed');
    expect(await api.listDeliveries(client, company.slug)).toEqual({ names: [], total: 0 });

    const uuid = await api.createDelivery(client, company.slug, 'Typed run');
    expect(await api.readDelivery(client, company.slug, uuid)).toEqual({
      status: 200,
      name: 'Typed run',
      steps: 2,
    });
    expect(await api.listDeliveries(client, company.slug)).toEqual({ names: ['Typed run'], total: 1 });

    const stranger = await api.readDelivery(client, company.slug, '00000000-0000-4000-8000-000000000000');
    expect(stranger).toEqual({ status: 404, message: expect.any(String) as string });
  });
});
