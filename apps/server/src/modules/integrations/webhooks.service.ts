import {
  WEBHOOK,
  WEBHOOK_TEST_EVENT,
  type CreateWebhookEndpointBody,
  type UpdateWebhookEndpointBody,
} from '@courier/contract';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { wakeJob } from '../../db/jobs/job-runner.js';
import { webhookEndpoints } from '../../db/schema/index.js';
import { conflict, notFound, unprocessable } from '../../lib/app-error.js';
import { WEBHOOKS_SEND_JOB } from './webhooks.consumer.js';
import { presentEndpoint } from './webhooks.presenter.js';
import {
  countEndpoints,
  findEndpoint,
  findMessage,
  insertMessages,
  listEndpointRows,
  requeueMessage,
} from './webhooks.queries.js';
import { newWebhookSecret } from './webhooks.signing.js';
import { checkTarget, TargetRefused } from './webhooks.targets.js';

interface Scope {
  companyId: string;
  allowPrivateTargets: boolean;
}

/** The address may be called (decision 066): a private one is refused unless the operator allows it (422 on `url`). */
async function requireTarget(url: string, scope: Scope) {
  try {
    await checkTarget(url, scope.allowPrivateTargets);
  } catch (err) {
    if (err instanceof TargetRefused) throw unprocessable({ url: [err.message] });
    throw err;
  }
}

async function answer(db: Db, companyId: string, id: string) {
  const [row] = await listEndpointRows(db, companyId, id);
  if (!row) throw notFound('Webhook endpoint');
  return presentEndpoint(row);
}

export async function createEndpoint(
  db: Db,
  scope: Scope & { userId: string | null },
  body: CreateWebhookEndpointBody,
) {
  await requireTarget(body.url, scope);
  const secret = newWebhookSecret();
  const id = await db.transaction(async (tx) => {
    if ((await countEndpoints(tx, scope.companyId)) >= WEBHOOK.maxEndpointsPerCompany)
      throw conflict(
        `A company has at most ${WEBHOOK.maxEndpointsPerCompany} webhook endpoints: delete one first.`,
      );
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        companyId: scope.companyId,
        url: body.url,
        description: body.description ?? '',
        events: body.events,
        secret,
        createdByUserId: scope.userId,
      })
      .returning({ id: webhookEndpoints.id });
    return row!.id;
  });
  return { ...(await answer(db, scope.companyId, id)), secret };
}

export async function updateEndpoint(db: Db, scope: Scope, id: string, body: UpdateWebhookEndpointBody) {
  if (!(await findEndpoint(db, scope.companyId, id))) throw notFound('Webhook endpoint');
  if (body.url !== undefined) await requireTarget(body.url, scope);
  await db.transaction(async (tx) => {
    await tx
      .update(webhookEndpoints)
      .set({
        ...(body.url !== undefined ? { url: body.url } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.events !== undefined ? { events: body.events } : {}),
        // Turned on again: the reason it was turned off goes, and what waits for it is sent. Turned off by an
        // admin: it hears nothing until turned on (decision 066).
        ...(body.isEnabled !== undefined ? { isEnabled: body.isEnabled, disabledReason: null } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(webhookEndpoints.companyId, scope.companyId), eq(webhookEndpoints.id, id)));
    if (body.isEnabled) await wakeJob(tx, WEBHOOKS_SEND_JOB);
  });
  return answer(db, scope.companyId, id);
}

export async function deleteEndpoint(db: Db, companyId: string, id: string) {
  const rows = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.companyId, companyId), eq(webhookEndpoints.id, id)))
    .returning({ id: webhookEndpoints.id });
  if (rows.length === 0) throw notFound('Webhook endpoint');
  return { uuid: id };
}

/** A new secret; the one it replaces also signs for WEBHOOK.previousSecretHours (both signatures are sent). */
export async function rotateSecret(db: Db, companyId: string, id: string) {
  const found = await findEndpoint(db, companyId, id);
  if (!found) throw notFound('Webhook endpoint');
  const secret = newWebhookSecret();
  await db
    .update(webhookEndpoints)
    .set({
      secret,
      previousSecret: found.secret,
      previousSecretExpiresAt: new Date(Date.now() + WEBHOOK.previousSecretHours * 3_600_000),
      updatedAt: new Date(),
    })
    .where(eq(webhookEndpoints.id, id));
  return { ...(await answer(db, companyId, id)), secret };
}

/** A `webhook.test` message for the endpoint, sent now; an endpoint turned off is told to be turned on first (409). */
export async function sendTest(db: Db, companyId: string, id: string) {
  const found = await findEndpoint(db, companyId, id);
  if (!found) throw notFound('Webhook endpoint');
  if (!found.isEnabled) throw conflict('This endpoint is turned off: turn it on to send it a test event.');
  const messageId = randomUUID();
  const at = new Date();
  await db.transaction(async (tx) => {
    await insertMessages(tx, [
      {
        id: messageId,
        endpointId: id,
        eventType: WEBHOOK_TEST_EVENT,
        orderKey: `test:${messageId}`,
        body: JSON.stringify({
          id: messageId,
          type: WEBHOOK_TEST_EVENT,
          timestamp: at.toISOString(),
          data: { message: 'A test event from the courier platform: your endpoint is reachable.' },
        }),
      },
    ]);
    await wakeJob(tx, WEBHOOKS_SEND_JOB);
  });
  return { uuid: messageId, eventType: WEBHOOK_TEST_EVENT, createdAt: at.toISOString() };
}

export async function resendMessage(db: Db, companyId: string, id: string, messageId: string) {
  if (!(await findEndpoint(db, companyId, id))) throw notFound('Webhook endpoint');
  const message = await findMessage(db, id, messageId);
  if (!message) throw notFound('Webhook message');
  await db.transaction(async (tx) => {
    await requeueMessage(tx, messageId);
    await wakeJob(tx, WEBHOOKS_SEND_JOB);
  });
  return { uuid: message.id, eventType: message.eventType, createdAt: message.createdAt.toISOString() };
}
