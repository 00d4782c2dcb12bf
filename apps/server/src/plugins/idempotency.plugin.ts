import { createHash } from 'node:crypto';
import { IDEMPOTENCY, LIMITS } from '@courier/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { companyActor } from '../access/actor.js';
import { auctionAccess } from '../access/auction-access.js';
import { deliveryAccess } from '../access/delivery-access.js';
import { outsideRequestScope, runInRequestScope, type RequestScope } from '../db/request-scope.js';
import type { AskedSubject } from '../db/schema/index.js';
import { conflict, notFound, unprocessable } from '../lib/app-error.js';
import { sameUpload, uploadHashOf } from '../lib/storage/upload.js';
import { createKeyOwner } from './idempotency.owner.js';
import {
  applyKey,
  claimKey,
  purgeKeys,
  releaseKey,
  STILL_RUNNING,
  storeAnswer,
  type HeldClaim,
  type KeptAnswer,
  type KeyRow,
} from './idempotency.queries.js';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const HEADER = IDEMPOTENCY.header.toLowerCase();
/** A claim made before decision 057 names no process: without an answer this old, its process is taken as dead. */
const LEGACY_STALE_MS = 2 * 60_000;
const PURGE_EVERY_MS = 60_000;
const RETENTION_MS = IDEMPOTENCY.retentionHours * 3_600_000;

/** What a key answers when its write was made but the process died before keeping the answer (decision 057). */
const LOST: KeptAnswer = {
  statusCode: 410,
  contentType: 'application/json; charset=utf-8',
  body: JSON.stringify({
    message:
      `The request with this ${IDEMPOTENCY.header} was made, but its answer was lost when the server stopped; ` +
      'it was not made again. Read the record to see the result.',
  }),
};

const field = (message: string) => unprocessable({ [IDEMPOTENCY.header]: [message] });

/** Why a key is refused, or undefined: 1 to keyMax visible ASCII characters (spaces inside allowed). */
export function keyProblem(key: string): string | undefined {
  if (key.trim() === '') return `The ${IDEMPOTENCY.header} header is empty.`;
  if (key.length > IDEMPOTENCY.keyMax)
    return `The ${IDEMPOTENCY.header} header is at most ${IDEMPOTENCY.keyMax} characters.`;
  if (!/^[\x20-\x7e]+$/.test(key))
    return `The ${IDEMPOTENCY.header} header takes printable ASCII characters only.`;
  return undefined;
}

/** JSON with its object keys sorted, so one body hashes the same however a client orders its keys. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function bodyHashOf(body: unknown): string {
  const text =
    typeof body === 'string' ? body : Buffer.isBuffer(body) ? body.toString('base64') : canonical(body);
  return createHash('sha256').update(text).digest('hex');
}

interface Held extends HeldClaim {
  multipart: boolean;
  scope: RequestScope;
  settled: boolean;
}

/**
 * Server-wide Idempotency-Key (decisions 019 and 057). A signed-in write carrying the header claims the key for its
 * user once the scope's policy hooks let it through, before validation; the transaction that writes its change marks
 * the key applied (so the change and the mark commit together), and its answer is kept with the key when it is sent.
 * A repeat of the same request (method, URL, body) is answered with it, marked `Idempotent-Replayed: true`, without
 * running again, once the policy has been asked again about what the first request touched. The same key on another
 * request answers 422, a repeat while the first still runs 409. A claim left by a dead process is taken over at once
 * when its write was not made, and answers 410 "lost" when it was. Answers a retry should not get again (5xx, 429)
 * are not kept when nothing was written: the key is let go.
 */
export const idempotencyPlugin = fp((app: FastifyInstance) => {
  const db = app.database.db;
  const owner = createKeyOwner(app.database);
  const held = new WeakMap<FastifyRequest, Held>();
  let lastPurge = 0;
  app.addHook('onClose', () => owner.close());

  const alive = (row: KeyRow) =>
    row.owner === null
      ? Promise.resolve(row.claimedAt.getTime() > Date.now() - LEGACY_STALE_MS)
      : owner.alive(row.owner, row.id);

  /** Claims the key (the route will run in its scope), or answers the request from it. */
  async function keyed(request: FastifyRequest, reply: FastifyReply): Promise<'claimed' | 'replied' | null> {
    if (!WRITES.has(request.method) || !request.auth) return null;
    const header = request.headers[HEADER];
    if (header === undefined) return null;
    const key = Array.isArray(header) ? header.join(', ') : header;
    const problem = keyProblem(key);
    if (problem) throw field(problem);

    const now = Date.now();
    if (now - lastPurge > PURGE_EVERY_MS) {
      lastPurge = now;
      await purgeKeys(db, new Date(now - RETENTION_MS));
    }
    // A multipart body is not read yet (the route streams it); its parts are hashed as the route reads them.
    const multipart = request.isMultipart();
    const userId = request.auth.userId;
    const claim = await claimKey(
      db,
      {
        userId,
        key,
        method: request.method,
        url: request.url,
        bodyHash: multipart ? null : bodyHashOf(request.body),
      },
      {
        owner: await owner.id(),
        // Known as this process's work before the claim is visible: a repeat racing it here gets 409.
        working: (id, claiming) => void (claiming ? owner.working.add(id) : owner.working.delete(id)),
        now: new Date(now),
        expiredBefore: new Date(now - RETENTION_MS),
        alive,
        lost: LOST,
      },
    );
    if (claim.kind === 'claimed') {
      const entry: Held = { ...claim.claim, multipart, settled: false, scope: { userId, asked: [] } };
      entry.scope.onWrite = (tx) => applyKey(tx, entry);
      held.set(request, entry);
      return 'claimed';
    }
    if (claim.kind === 'running') throw conflict(STILL_RUNNING);
    await askAgain(request, claim.row.asked ?? []);
    if (!(await sameRequest(request, claim.row, multipart)))
      throw field(
        `This ${IDEMPOTENCY.header} was already used for another request; send a new key with a new request.`,
      );
    replay(reply, claim.row);
    return 'replied';
  }

  /** The policy asked again about each delivery and auction the first request acted on: 404/403 if lost since. */
  async function askAgain(request: FastifyRequest, asked: AskedSubject[]) {
    if (asked.length === 0) return;
    const actor = request.driverActor ?? (request.tenant ? companyActor(request) : undefined);
    if (!actor) throw notFound();
    for (const subject of asked) {
      if (subject.kind === 'delivery') await deliveryAccess(db, actor, 'read', subject.id);
      else await auctionAccess(db, actor, 'read', subject.id);
    }
  }

  // Last of each write route's preValidation hooks: after the scope's tenancy, driver and platform hooks (what the
  // policy refuses there claims nothing and replays nothing) and the route's sign-in check, before validation, the
  // rate limit and the handler (whose answers are kept). The handler alone runs in the request scope: what the rate
  // limit or any hook writes is not the route's change and marks no key.
  const keyHook: preValidationAsyncHookHandler = async (request, reply) => {
    if ((await keyed(request, reply)) === 'replied') return reply;
  };
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((m) => WRITES.has(m))) return;
    const own = route.preValidation;
    route.preValidation = [...(own === undefined ? [] : Array.isArray(own) ? own : [own]), keyHook];
    const handler = route.handler;
    route.handler = function (request, reply) {
      const entry = held.get(request);
      return entry
        ? runInRequestScope(entry.scope, () => handler.call(this, request, reply))
        : handler.call(this, request, reply);
    };
  });

  /**
   * Keeps the answer with the key, or lets the key go. Once answered, what still runs in the request's context (the
   * live stream's publication after commit) is not its change: its transactions no longer touch the key. A request
   * that ended unanswered may still be running its route: a write it makes later is refused (its key is gone).
   */
  async function settle(request: FastifyRequest, entry: Held, answer: KeptAnswer | null, answered: boolean) {
    entry.settled = true;
    entry.scope.onWrite = answered
      ? undefined
      : () => Promise.reject(conflict('This request ended before its answer; send it again.'));
    try {
      // Not kept when nothing was written; when something was, the key must never run again: "lost".
      await outsideRequestScope(async () => {
        if (answer) await storeAnswer(db, entry, { ...answer, asked: entry.scope.asked });
        else if (!(await releaseKey(db, entry))) await storeAnswer(db, entry, LOST);
      });
    } catch (err) {
      // The answer still goes out; the claim is left to a retry, which settles it from what was written.
      request.log.error({ err }, 'idempotency key not settled');
    } finally {
      owner.working.delete(entry.id);
    }
  }

  app.addHook('onSend', async (request, reply, payload) => {
    const entry = held.get(request);
    if (!entry || entry.settled) return payload;
    const status = reply.statusCode;
    const contentType = reply.getHeader('content-type');
    const type = typeof contentType === 'string' ? contentType : null;
    const text =
      payload === null || payload === undefined
        ? ''
        : typeof payload === 'string'
          ? payload
          : Buffer.isBuffer(payload) && /json|text/.test(type ?? '')
            ? payload.toString('utf8')
            : undefined;
    const kept = status < 500 && status !== 429 && text !== undefined;
    const answer = kept
      ? {
          statusCode: status,
          contentType: type,
          body: text,
          ...(entry.multipart ? { bodyHash: uploadHashOf(request) ?? null } : {}),
        }
      : null;
    await settle(request, entry, answer, true);
    return payload;
  });

  // A request that ended without an answer being sent (the client went away first) lets its key go.
  app.addHook('onResponse', async (request) => {
    const entry = held.get(request);
    if (entry && !entry.settled) await settle(request, entry, null, false);
  });
});

/** Whether a repeat is the request the key was first used for: same method and URL, and the same body. */
async function sameRequest(request: FastifyRequest, row: KeyRow, multipart: boolean) {
  if (row.method !== request.method || row.url !== request.url) return false;
  if (!multipart) return row.bodyHash === bodyHashOf(request.body);
  // The first answer did not depend on parts it never read (refused before, or the parts were unreadable).
  if (row.bodyHash === null) return true;
  return sameUpload(request, row.bodyHash, LIMITS.documentBytesMax);
}

function replay(reply: FastifyReply, row: KeyRow) {
  void reply.code(row.statusCode ?? 200).header(IDEMPOTENCY.replayedHeader, 'true');
  if (row.contentType) void reply.type(row.contentType);
  return reply.send(row.body ?? '');
}
