import {
  recipientMessageCalls,
  TWILIO_INBOUND_PATH,
  TWILIO_STATUS_PATH,
  type OptOut,
  type RecipientMessageStatus,
} from '@courier/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { registerDeliveryCall } from '../../access/delivery-call.js';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import { registerCall } from '../../lib/route.js';
import type { SmsProvider } from '../../lib/sms/sms-provider.js';
import { maskEmail } from '../mail/index.js';
import { tenantOf } from '../../plugins/tenancy.plugin.js';
import { recordMessageEvent } from './recipient-messages.sender.js';
import {
  getRecipientMessageSettings,
  updateRecipientMessageSettings,
  type Transports,
} from './recipient-settings.service.js';
import { presentRecipientMessage } from './recipients.presenter.js';
import {
  companiesTextingNumber,
  deleteOptOut,
  findByOptOutToken,
  findByProviderId,
  findCompanyLetterhead,
  insertOptOut,
  listDeliveryMessages,
  optedOutAddresses,
  updateRecipientMessage,
} from './recipients.queries.js';

/** Texts that stop a sender's messages, and those that start them again (the carriers' and Twilio's words). */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', 'REVOKE']);
const START_WORDS = new Set(['START', 'YES', 'UNSTOP', 'OPTIN']);
/** A STOP is for the companies that texted the number this recently. */
const STOP_REACHES_DAYS = 30;

/** Twilio's message statuses that settle ours (the rest, `queued`, `sending`, are on the way). */
const TWILIO_STATUS: Readonly<Record<string, RecipientMessageStatus>> = {
  sent: 'sent',
  delivered: 'delivered',
  undelivered: 'undelivered',
  failed: 'failed',
};

async function optOutOf(db: Db, token: string, done: boolean): Promise<OptOut> {
  const found = await findByOptOutToken(db, token);
  if (!found) throw notFound('Link');
  if (done)
    await insertOptOut(db, {
      companyId: found.companyId,
      channel: found.channel,
      address: found.address,
      source: 'email-link',
    });
  const optedOut =
    done || (await optedOutAddresses(db, found.companyId, found.channel, [found.address])).size > 0;
  return {
    companyName: found.companyName,
    address: found.channel === 'email' ? maskEmail(found.address) : `•••${found.address.slice(-4)}`,
    optedOut,
  };
}

/** The public URL a provider signed (its callback URL as we gave it, on APP_URL). */
const signedUrl = (appUrl: string, request: FastifyRequest) => `${appUrl.replace(/\/+$/, '')}${request.url}`;

/**
 * Messages to recipients (issue 36, decision 071), the company's side: its choices (its admins'), and a delivery's
 * log (whoever reads the delivery, through the policy).
 */
export function recipientCompanyRoutes(app: FastifyInstance, transports: Transports): void {
  const db = app.database.db;
  const companyOf = async (request: FastifyRequest) => {
    const { companyId } = tenantOf(request);
    const company = await findCompanyLetterhead(db, companyId);
    return { id: companyId, countryCode: company?.countryCode ?? null };
  };

  registerCall(app, recipientMessageCalls.getRecipientMessageSettings, async ({ request }) => ({
    data: await getRecipientMessageSettings(db, await companyOf(request), transports),
  }));

  registerCall(app, recipientMessageCalls.updateRecipientMessageSettings, async ({ request, body }) => ({
    data: await updateRecipientMessageSettings(db, await companyOf(request), body, transports),
    message: 'Messages to recipients saved.',
  }));

  registerDeliveryCall(app, recipientMessageCalls.listDeliveryRecipientMessages, async ({ access }) => ({
    data: (await listDeliveryMessages(db, access.deliveryId)).map(presentRecipientMessage),
  }));
}

/**
 * The public side: the e-mail's stop link (its token is the credential) and the SMS provider's callbacks (its
 * signature is), form posts from outside in their own scope.
 */
export async function recipientPublicRoutes(app: FastifyInstance, sms: SmsProvider | null): Promise<void> {
  const db = app.database.db;
  // eslint-disable-next-line @typescript-eslint/require-await -- Fastify takes a plugin as an async function.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    registerCall(scope, recipientMessageCalls.getRecipientOptOut, async ({ params }) => ({
      data: await optOutOf(db, params.token, false),
    }));
    registerCall(
      scope,
      recipientMessageCalls.optOutRecipient,
      async ({ params }) => ({
        data: await optOutOf(db, params.token, true),
        message: 'Done: no more messages will be sent to this address.',
      }),
      { crossSite: true, rateLimit: { max: 20, keyGenerator: (request) => `opt-out:${request.ip}` } },
    );

    const twilioRoute = (
      path: string,
      summary: string,
      answered: string,
      handle: (params: Record<string, string>, reply: FastifyReply) => Promise<unknown>,
    ) =>
      scope.post(
        path,
        {
          config: { crossSite: true },
          schema: {
            summary,
            tags: ['recipient-messages'],
            response: { 204: z.undefined().describe(answered) },
          },
        },
        async (request, reply) => {
          const params = (request.body ?? {}) as Record<string, string>;
          const signature = request.headers['x-twilio-signature'];
          const valid =
            sms !== null &&
            typeof signature === 'string' &&
            sms.verifyCallback({ url: signedUrl(app.config.appUrl, request), signature, params });
          // Not Twilio (or no Twilio configured): as unknown as any other wrong address.
          if (!valid) throw notFound('Page');
          return handle(params, reply);
        },
      );

    twilioRoute(
      TWILIO_STATUS_PATH,
      "Twilio's report of a text message's delivery (a form post signed with X-Twilio-Signature)",
      'Taken (also for a message this server does not know).',
      async (params, reply) => {
        const status = TWILIO_STATUS[params.MessageStatus ?? ''];
        const m = params.MessageSid ? await findByProviderId(db, 'twilio', params.MessageSid) : undefined;
        // Later news wins, never an earlier one (callbacks may come out of order): delivered is not undone by "sent".
        if (m && status && !(status === 'sent' && m.status !== 'sent')) {
          await db.transaction(async (tx) => {
            await updateRecipientMessage(tx, m.id, {
              status,
              ...(params.ErrorCode ? { error: `Twilio error ${params.ErrorCode}` } : {}),
            });
            await recordMessageEvent(tx, m, status);
          });
        }
        return reply.code(204).send();
      },
    );

    twilioRoute(
      TWILIO_INBOUND_PATH,
      "A recipient's text to the Twilio number: STOP stops the messages of the companies that texted it, START starts them",
      'Taken, with no reply text (Twilio takes an empty answer as "no reply").',
      async (params, reply) => {
        const from = params.From ?? '';
        const word = (params.OptOutType ?? params.Body ?? '').trim().toUpperCase();
        if (from && (STOP_WORDS.has(word) || START_WORDS.has(word))) {
          const since = new Date(Date.now() - STOP_REACHES_DAYS * 86_400_000);
          for (const companyId of await companiesTextingNumber(db, from, since)) {
            if (STOP_WORDS.has(word))
              await insertOptOut(db, { companyId, channel: 'sms', address: from, source: 'sms-stop' });
            else await deleteOptOut(db, companyId, 'sms', from);
          }
        }
        // No reply text (Twilio's own opt-out handling answers STOP itself).
        return reply.code(204).send();
      },
    );
  });
}
