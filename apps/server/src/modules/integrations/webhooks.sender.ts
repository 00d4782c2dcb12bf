import { INTEGRATIONS_PATH, WEBHOOK, WEBHOOK_TEXTS } from '@courier/contract';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import type { Db } from '../../db/client.js';
import type { JobDefinition } from '../../db/jobs/job-runner.js';
import { listActiveAdminIds } from '../memberships/index.js';
import { notifyUsers } from '../notifications/index.js';
import { WEBHOOKS_SEND_JOB } from './webhooks.consumer.js';
import {
  claimDueMessages,
  disableEndpoint,
  insertAttempt,
  nextDueAt,
  purgeWebhookLog,
  settleDelivered,
  settleMessage,
  type ClaimedMessage,
} from './webhooks.queries.js';
import { webhookSignature } from './webhooks.signing.js';
import { checkTarget, guardedLookup, TargetRefused } from './webhooks.targets.js';

export interface WebhookSenderOptions {
  allowPrivateTargets: boolean;
  /** Seconds between tries (WEBHOOK.retryDelaysSeconds unless given: tests shorten them). */
  retryDelaysSeconds?: readonly number[];
  timeoutMs?: number;
}

/** Messages claimed per round, and sent at once. */
const BATCH = 100;
/** A round ends its run after this long; the next wake-up or the minute's run goes on. */
const RUN_MS = 50_000;
/** A try due within this long is waited for in the same run (the first retries are seconds apart). */
const WAIT_MS = 10_000;

interface Outcome {
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  excerpt: string;
}

/** One POST of one message, signed, with a time-out; never throws. */
export async function postMessage(m: ClaimedMessage, opts: WebhookSenderOptions): Promise<Outcome> {
  const started = performance.now();
  const done = (o: Omit<Outcome, 'durationMs'>): Outcome => ({
    ...o,
    durationMs: Math.round(performance.now() - started),
  });
  try {
    const url = new URL(m.url);
    // A name is checked at connection (guardedLookup); an address written as such is checked here.
    if (isIP(url.hostname.replace(/^\[|\]$/g, ''))) await checkTarget(m.url, opts.allowPrivateTargets);
    const timestamp = Math.floor(Date.now() / 1000);
    const secrets = [
      m.secret,
      ...(m.previousSecret && m.previousSecretExpiresAt && m.previousSecretExpiresAt > new Date()
        ? [m.previousSecret]
        : []),
    ];
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'Courier-Webhooks/1',
      'webhook-id': m.id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': webhookSignature(secrets, { id: m.id, timestamp, body: m.body }),
    };
    const res = await send(url, headers, m.body, opts);
    const ok = res.statusCode >= 200 && res.statusCode < 300;
    return done({
      ok,
      statusCode: res.statusCode,
      error: ok ? null : `The endpoint answered ${res.statusCode}.`,
      excerpt: res.excerpt,
    });
  } catch (err) {
    const message =
      err instanceof TargetRefused
        ? err.message
        : (err as { code?: string }).code === 'ETIMEDOUT'
          ? `No answer within ${Math.round((opts.timeoutMs ?? WEBHOOK.timeoutMs) / 1000)} seconds.`
          : `Could not connect: ${(err as Error).message}`;
    return done({ ok: false, statusCode: null, error: message, excerpt: '' });
  }
}

function send(
  url: URL,
  headers: Record<string, string>,
  body: string,
  opts: WebhookSenderOptions,
): Promise<{ statusCode: number; excerpt: string }> {
  const timeoutMs = opts.timeoutMs ?? WEBHOOK.timeoutMs;
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: guardedLookup(opts.allowPrivateTargets),
        timeout: timeoutMs,
      },
      (res: IncomingMessage) => {
        let excerpt = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (excerpt.length < WEBHOOK.responseExcerptChars) excerpt += chunk;
        });
        res.on('end', () =>
          resolve({
            statusCode: res.statusCode ?? 0,
            excerpt: excerpt.slice(0, WEBHOOK.responseExcerptChars),
          }),
        );
        res.on('error', reject);
      },
    );
    // The whole exchange, not only the idle socket, is bounded.
    const timer = setTimeout(
      () => req.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })),
      timeoutMs,
    );
    req.on('timeout', () => req.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })));
    req.on('error', reject);
    req.on('close', () => clearTimeout(timer));
    req.end(body);
  });
}

/** The delay before the try after `attempts` failed ones, with up to 10% of jitter; null when they ran out. */
export function retryDelayMs(attempts: number, delays: readonly number[]): number | null {
  const seconds = delays[attempts - 1];
  if (seconds === undefined) return null;
  return Math.round(seconds * 1000 * (1 + Math.random() * 0.1));
}

/** Records one try and what follows from it: delivered, due again later, or failed (and the endpoint turned off). */
/** The log's row of one try. */
const attemptRow = (m: ClaimedMessage, outcome: Outcome) => ({
  messageId: m.id,
  endpointId: m.endpointId,
  attempt: m.attempts + 1,
  statusCode: outcome.statusCode,
  durationMs: outcome.durationMs,
  ok: outcome.ok,
  error: outcome.error,
  responseExcerpt: outcome.excerpt,
});

async function settle(db: Db, m: ClaimedMessage, outcome: Outcome, delays: readonly number[]) {
  const attempts = m.attempts + 1;
  await db.transaction(async (tx) => {
    await insertAttempt(tx, attemptRow(m, outcome));
    if (outcome.ok) return settleMessage(tx, m.id, { status: 'delivered', attempts });
    const delay = retryDelayMs(attempts, delays);
    if (delay !== null)
      return settleMessage(tx, m.id, {
        status: 'pending',
        attempts,
        nextAttemptAt: new Date(Date.now() + delay),
      });
    await settleMessage(tx, m.id, { status: 'failed', attempts });
    // A message whose tries ran out (about a day of failures): the endpoint is turned off, its admins told.
    const reason = `its messages failed for ${describeSpan(delays)} (last: ${outcome.error ?? 'no answer'})`;
    if (await disableEndpoint(tx, m.endpointId, reason)) {
      const admins = await listActiveAdminIds(tx, m.companyId);
      await notifyUsers(
        tx,
        admins.map((userId) => ({
          userId,
          companyId: m.companyId,
          kind: 'integration',
          title: 'Webhook endpoint turned off',
          link: INTEGRATIONS_PATH,
          message: `${m.url} ${WEBHOOK_TEXTS.disabled(reason)}. Fix it, then turn it on again under Integrations: what waits for it is sent then.`,
        })),
      );
    }
  });
}

function describeSpan(delays: readonly number[]): string {
  const seconds = delays.reduce((a, b) => a + b, 0);
  if (seconds >= 3_600) return `${Math.round(seconds / 3_600)} hours`;
  if (seconds >= 60) return `${Math.round(seconds / 60)} minutes`;
  return `${Math.round(seconds)} seconds`;
}

/**
 * Sends what is due: claims a batch, posts them at once, records each; again while there is work, and waits for a try
 * due within seconds (the first retries). Many processes may run it: claims skip each other's rows.
 */
export async function sendDueWebhooks(db: Db, opts: WebhookSenderOptions): Promise<number> {
  const delays = opts.retryDelaysSeconds ?? WEBHOOK.retryDelaysSeconds;
  const leaseSeconds = Math.ceil((opts.timeoutMs ?? WEBHOOK.timeoutMs) / 1000) * 3 + 30;
  const started = Date.now();
  let sent = 0;
  while (Date.now() - started < RUN_MS) {
    const claimed = await claimDueMessages(db, BATCH, leaseSeconds);
    if (claimed.length === 0) {
      const next = await nextDueAt(db);
      const wait = next ? next.getTime() - Date.now() : Infinity;
      if (wait > WAIT_MS) break;
      await new Promise((r) => setTimeout(r, Math.max(wait, 50)));
      continue;
    }
    const outcomes = await Promise.all(claimed.map((m) => postMessage(m, opts)));
    // The delivered ones settle together in one transaction; a failed try settles alone (its retry, the endpoint).
    const delivered = claimed.flatMap((m, i) => (outcomes[i]!.ok ? [{ m, outcome: outcomes[i]! }] : []));
    if (delivered.length > 0)
      await db.transaction((tx) =>
        settleDelivered(
          tx,
          delivered.map(({ m, outcome }) => attemptRow(m, outcome)),
        ),
      );
    await Promise.all(
      claimed.flatMap((m, i) => (outcomes[i]!.ok ? [] : [settle(db, m, outcomes[i]!, delays)])),
    );
    sent += claimed.length;
  }
  return sent;
}

/** The sender's job: woken when messages are written, and every minute for the tries due later. */
export function webhooksSendJob(db: Db, opts: WebhookSenderOptions): JobDefinition {
  return {
    name: WEBHOOKS_SEND_JOB,
    cron: '* * * * *',
    wakeable: true,
    policy: 'stately',
    expireInSeconds: 120,
    handle: async () => {
      await sendDueWebhooks(db, opts);
    },
  };
}

/** The log (and settled messages) past WEBHOOK.logDays go, once a day. */
export function webhooksPurgeJob(db: Db): JobDefinition {
  return {
    name: 'webhooks.purge-log',
    cron: '17 3 * * *',
    policy: 'stately',
    handle: async () => {
      await purgeWebhookLog(db, new Date(Date.now() - WEBHOOK.logDays * 86_400_000));
    },
  };
}
