import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, it } from 'vitest';
import { fuzzRequests, type FuzzRequest } from './test/fuzz/fuzz-requests.js';
import { fuzzSettings } from './test/fuzz/fuzz-settings.js';
import { createFuzzWorld } from './test/fuzz/fuzz-world.js';
import { fuzzedOperations, type OpenApiDocument, type Operation } from './test/fuzz/operations.js';
import { createTestApp } from './test/test-app.js';

/**
 * The contract fuzz suite (docs/decisions/037-contract-fuzz-suite.md): every write and every query string of the
 * OpenAPI document gets requests generated from its schemas, mixed with hostile values. No answer may be a 5xx, and
 * every 4xx must say what is wrong in a JSON `message`. Seeded: a failure prints how to replay it.
 */

const settings = fuzzSettings();
const t = await createTestApp();
afterAll(() => t.close());
const world = await createFuzzWorld(t);
const operations = fuzzedOperations(t.app.swagger() as OpenApiDocument);
// One clock for the run's generated dates, so a seed draws the same values throughout a run.
const now = Date.now();

async function send(op: Operation, r: FuzzRequest): Promise<LightMyRequestResponse> {
  const actor = world.actorFor(r.actor, r.url);
  const res = await world.agent(actor).request(op.method, r.url, r.body, {
    remoteAddress: r.remoteAddress,
    headers: r.body === undefined ? {} : { 'content-type': 'application/json' },
  });
  // A request that ended the actor's session (logout, lock, a new e-mail) must not blind the cases after it.
  if (actor !== 'anonymous' && (res.statusCode === 401 || res.statusCode === 423))
    await world.signInAgain(actor);
  return res;
}

/** What is wrong with an answer, or undefined: a 5xx, or a 4xx without a JSON message. */
function fault(res: LightMyRequestResponse): string | undefined {
  if (res.statusCode >= 500) return `answered ${res.statusCode}`;
  if (res.statusCode < 400) return undefined;
  let message: unknown;
  try {
    message = (JSON.parse(res.body) as { message?: unknown }).message;
  } catch {
    return `answered ${res.statusCode} without a JSON body`;
  }
  return typeof message === 'string' && message.trim()
    ? undefined
    : `answered ${res.statusCode} without a message`;
}

const cut = (s: string | undefined, n = 600) =>
  s && s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s;

describe('contract fuzz: no 5xx, every 4xx with a message', () => {
  it('covers the document', ({ expect }) => {
    expect(operations.length).toBeGreaterThan(90);
  });

  for (const op of operations) {
    const name = `${op.method} ${op.path}`;
    it(name, { timeout: 120_000 }, async () => {
      let last = '';
      const property = fc.asyncProperty(
        fuzzRequests(op, { ids: world.ids, named: world.named, now }),
        async (r) => {
          const res = await send(op, r);
          const problem = fault(res);
          if (problem) {
            last = `${r.actor} ${op.method} ${cut(r.url, 300)}\n  body: ${cut(r.body) ?? '(none)'}\n  answer: ${cut(res.body)}`;
            throw new Error(problem);
          }
        },
      );
      const details = await fc.check(property, {
        seed: settings.FUZZ_SEED,
        numRuns: settings.FUZZ_RUNS,
        endOnFailure: true,
        ...(settings.FUZZ_PATH ? { path: settings.FUZZ_PATH } : {}),
      });
      if (details.failed) {
        const cause =
          details.errorInstance instanceof Error
            ? details.errorInstance.message
            : String(details.errorInstance);
        throw new Error(
          `${name} ${cause}\n${last}\nseed ${details.seed}, path ${details.counterexamplePath}; replay with\n` +
            `  FUZZ_SEED=${details.seed} FUZZ_PATH=${details.counterexamplePath} npx vitest run --project server ` +
            `apps/server/src/contract-fuzz.test.ts -t '${name}'`,
        );
      }
    });
  }
});
