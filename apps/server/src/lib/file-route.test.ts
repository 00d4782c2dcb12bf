import { DRIVER_DOCUMENT_FILE_PATH, PROOF_FILE_PATH, UuidSchema } from '@courier/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerFileCall, ruleFromTheMatrix } from './file-route.js';

/** An app with the auth plugin's start-up hook and nothing else: what each route is registered with. */
function bareApp(register: (api: FastifyInstance) => void) {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRoute', ruleFromTheMatrix);
  const rules: string[] = [];
  app.addHook('onRoute', (route) => {
    rules.push(`${String(route.method)} ${route.url} ${route.config?.access ?? '-'}`);
  });
  // An async plugin: what a route's registration throws fails the app's start, as in buildApp.
  void app.register((api) => Promise.resolve().then(() => register(api)), { prefix: '/api/v1' });
  return { app, rules };
}

describe('file routes and the access matrix (issue 31)', () => {
  it('gives a raw file route its rule from the matrix, and its HEAD the same', async () => {
    const { app, rules } = bareApp((api) => api.get(DRIVER_DOCUMENT_FILE_PATH, () => 'bytes'));
    await app.ready();
    expect(rules).toEqual([
      `GET /api/v1${DRIVER_DOCUMENT_FILE_PATH} company:manage`,
      `HEAD /api/v1${DRIVER_DOCUMENT_FILE_PATH} company:manage`,
    ]);
    await app.close();
  });

  it('stops the server at start-up for a raw API route the matrix does not know', async () => {
    const { app } = bareApp((api) => api.get('/c/:companySlug/admin/secret/file', () => 'bytes'));
    await expect(app.ready()).rejects.toThrow(/has no entry in the access matrix/);
    await app.close();
  });

  it('registers a file call with its rule, and refuses one without', async () => {
    const params = z.object({ companySlug: z.string(), documentUuid: UuidSchema });
    const file = { summary: 'A file', params, types: ['image/png'] };
    const handler = () => Promise.reject(new Error('not called'));
    const { app, rules } = bareApp((api) => {
      registerFileCall(api, { ...file, path: PROOF_FILE_PATH }, handler);
      expect(() =>
        registerFileCall(api, { ...file, path: '/c/:companySlug/admin/other/file' }, handler),
      ).toThrow(/has no entry in the access matrix/);
    });
    await app.ready();
    expect(rules).toEqual([
      `GET /api/v1${PROOF_FILE_PATH} delivery:read`,
      `HEAD /api/v1${PROOF_FILE_PATH} delivery:read`,
    ]);
    await app.close();
  });
});
