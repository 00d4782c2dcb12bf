import { createHash } from 'node:crypto';
import { IDEMPOTENCY, LIMITS } from '@courier/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { conflict, unprocessable } from '../lib/app-error.js';
import { readUpload, uploadHashOf } from '../lib/storage/upload.js';
import {
  claimKey,
  purgeKeys,
  releaseKey,
  storeAnswer,
  type HeldClaim,
  type KeyRow,
} from './idempotency.queries.js';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const HEADER = IDEMPOTENCY.header.toLowerCase();
/** A claim without an answer this old belonged to a process that died mid-request; a retry takes it over. */
const STALE_CLAIM_MS = 2 * 60_000;
const PURGE_EVERY_MS = 60_000;
const RETENTION_MS = IDEMPOTENCY.retentionHours * 3_600_000;

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
  settled: boolean;
}

/**
 * Server-wide Idempotency-Key (decision 019). A signed-in write carrying the header claims the key for its user
 * before validation; its answer is kept with the key when it is sent, and a repeat of the same request (method, URL,
 * body) is answered with it, marked `Idempotent-Replayed: true`, without running again. The same key on another
 * request answers 422, a repeat while the first still runs 409. Answers a retry should not get again (5xx, 429) are
 * not kept: the key is let go. Requests refused before this hook (401, 419, hostile input) claim nothing.
 */
export const idempotencyPlugin = fp((app: FastifyInstance) => {
  const db = app.database.db;
  const held = new WeakMap<FastifyRequest, Held>();
  let lastPurge = 0;

  app.addHook('preValidation', async (request, reply) => {
    if (!WRITES.has(request.method) || !request.auth) return;
    const header = request.headers[HEADER];
    if (header === undefined) return;
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
    const claim = await claimKey(
      db,
      {
        userId: request.auth.userId,
        key,
        method: request.method,
        url: request.url,
        bodyHash: multipart ? null : bodyHashOf(request.body),
      },
      {
        now: new Date(now),
        staleBefore: new Date(now - STALE_CLAIM_MS),
        expiredBefore: new Date(now - RETENTION_MS),
      },
    );
    if (claim.kind === 'claimed') {
      held.set(request, { id: claim.id, claimedAt: claim.claimedAt, multipart, settled: false });
      return;
    }
    if (claim.kind === 'running')
      throw conflict(`A request with this ${IDEMPOTENCY.header} is still being processed; retry shortly.`);
    if (!(await sameRequest(request, claim.row, multipart)))
      throw field(
        `This ${IDEMPOTENCY.header} was already used for another request; send a new key with a new request.`,
      );
    return replay(reply, claim.row);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = held.get(request);
    if (!claim || claim.settled) return payload;
    claim.settled = true;
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
    try {
      if (status >= 500 || status === 429 || text === undefined) await releaseKey(db, claim);
      else
        await storeAnswer(db, claim, {
          statusCode: status,
          contentType: type,
          body: text,
          ...(claim.multipart ? { bodyHash: uploadHashOf(request) ?? null } : {}),
        });
    } catch (err) {
      // The answer still goes out; the claim is left to go stale and be taken over by a retry.
      request.log.error({ err }, 'idempotency key not settled');
    }
    return payload;
  });

  // A request that ended without an answer being sent (the client went away first) lets its key go.
  app.addHook('onResponse', async (request) => {
    const claim = held.get(request);
    if (!claim || claim.settled) return;
    claim.settled = true;
    await releaseKey(db, claim).catch((err: unknown) =>
      request.log.error({ err }, 'idempotency key not released'),
    );
  });
});

/** Whether a repeat is the request the key was first used for: same method and URL, and the same body. */
async function sameRequest(request: FastifyRequest, row: NonNullable<KeyRow>, multipart: boolean) {
  if (row.method !== request.method || row.url !== request.url) return false;
  if (!multipart) return row.bodyHash === bodyHashOf(request.body);
  // The first answer did not depend on parts it never read (refused before, or the parts were unreadable).
  if (row.bodyHash === null) return true;
  const read = await readUpload(request, LIMITS.documentBytesMax).then(
    () => uploadHashOf(request),
    () => undefined,
  );
  return read === row.bodyHash;
}

function replay(reply: FastifyReply, row: NonNullable<KeyRow>) {
  void reply.code(row.statusCode ?? 200).header(IDEMPOTENCY.replayedHeader, 'true');
  if (row.contentType) void reply.type(row.contentType);
  return reply.send(row.body ?? '');
}
