import { describe, expect, it } from 'vitest';
import { contractForBrowser } from './contract-runtime';

describe('the contract in the browser build', () => {
  it('keeps a call its method, path, pagination and status only', () => {
    const out = contractForBrowser(`import { defineCall } from './define-call.js';
export const userCalls = {
  list: defineCall({ method: 'GET', path: '/users', summary: 'List users', query: Q, data: D, paginated: true }),
  create: defineCall({
    method: 'POST',
    path: '/users',
    body: B,
    data: D,
    status: 201,
    errors: [409],
  }),
};`);
    expect(out).toContain(`method: 'GET', path: '/users', paginated: true`);
    expect(out).toContain(`status: 201`);
    for (const gone of ['summary', 'query:', 'data:', 'body:', 'errors:']) expect(out).not.toContain(gone);
  });

  it('marks every constant computed by a call as pure, and leaves functions and plain values as they are', () => {
    const out = contractForBrowser(`import { z } from 'zod';
export const NameSchema = z.string().trim().min(1);
const Inner = z.object({ name: NameSchema });
export const LIMIT = 3;
export const KEYS = ['a', 'b'];
export const field = (label) => z.string().describe(label);
export function build() { return z.number(); }`);
    expect(out).toContain('export const NameSchema = /* @__PURE__ */ (() => (z.string().trim().min(1)))();');
    expect(out).toContain('const Inner = /* @__PURE__ */ (() => (z.object({ name: NameSchema })))();');
    expect(out).toContain('export const LIMIT = 3;');
    expect(out).toContain(`export const KEYS = ['a', 'b'];`);
    expect(out).toContain('export const field = (label) => z.string().describe(label);');
    expect(out).toContain('export function build() { return z.number(); }');
  });

  it('drops the schemas registered for the OpenAPI document and keeps every other statement', () => {
    const out = contractForBrowser(`import { z } from 'zod';
z.globalRegistry.add(NoteSchema, { id: 'Note' });
z.config({ customError: message });`);
    expect(out).not.toContain('globalRegistry');
    expect(out).toContain('z.config({ customError: message });');
  });

  it('leaves a module without calls or constants alone', () => {
    expect(contractForBrowser(`export const A = 1;\nexport function f() { return 2; }`)).toBeNull();
  });

  it('drops the imports that only the schemas used, and keeps the others', () => {
    const out = contractForBrowser(`import { z } from 'zod';
import { defineCall } from '../api/define-call.js';
import { LIMITS, PATHS } from '../constants.js';
import { BodySchema, DataSchema } from './user.schemas.js';
import './side-effect.js';
export const userCalls = {
  create: defineCall({ method: 'POST', path: PATHS.users, body: BodySchema, data: DataSchema }),
};`);
    expect(out).not.toContain('user.schemas');
    expect(out).not.toContain("from 'zod'");
    expect(out).toContain("import { PATHS } from '../constants.js';");
    expect(out).toContain("import { defineCall } from '../api/define-call.js';");
    expect(out).toContain("import './side-effect.js';");
  });
});
