import {
  callAccess,
  can,
  CONVERSATION_REFUSALS,
  knows,
  type Actor,
  type CallDefinition,
  type ConversationAction,
  type ConversationSubject,
} from '@courier/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { companyActor } from '../../access/actor.js';
import type { DeliveryAccess } from '../../access/delivery-access.js';
import type { DbOrTx } from '../../db/client.js';
import { noteAsked } from '../../db/request-scope.js';
import { forbidden, notFound } from '../../lib/app-error.js';
import { registerCall, subjectPartOf, type CallContext, type CallResult } from '../../lib/route.js';
import { findConversationSubject, type ConversationSubjectRow, type Reader } from './messages.queries.js';

/** Who acts in the inbox: the signed-in user through the route company (an admin: the route's tenancy said so). */
export interface InboxScope extends Reader {
  actor: Actor;
  companySlug: string;
}

/** The delivery a thread is about, as much as writing in it needs: whom its live event goes to. */
export interface ThreadDelivery {
  deliveryId: string;
  ownerCompanyId: string;
  carrierCompanyId: string | null;
}

declare const granted: unique symbol;

/**
 * Proof that the policy let the caller do `action` in one conversation (decision 031), as `DeliveryAccess` is for a
 * delivery: only `conversationAccess` makes one, and the inbox's services take one, writing one that says `write`.
 */
export interface ConversationAccess<A extends ConversationAction = ConversationAction> {
  readonly id: string;
  readonly action: A;
  readonly subject: ConversationSubject;
  /** A delivery's thread: its delivery, as the policy was asked about it. */
  readonly delivery: ThreadDelivery | null;
  readonly [granted]: true;
}

/** A delivery the policy answered for (its `message` row), as a thread's writer needs it. */
export function threadDeliveryOf(access: DeliveryAccess): ThreadDelivery {
  return {
    deliveryId: access.deliveryId,
    ownerCompanyId: access.delivery.ownerCompanyId,
    carrierCompanyId: access.delivery.carrierCompanyId,
  };
}

/** The loaded row as the policy's subject, with its delivery; undefined for a thread whose delivery is gone. */
function subjectOf(
  row: ConversationSubjectRow,
): { subject: ConversationSubject; delivery: ThreadDelivery | null } | undefined {
  const base = {
    kind: 'conversation',
    companyId: row.companyId,
    participantUserIds: row.participantUserIds,
  } as const;
  if (row.deliveryId === null) return { subject: { ...base, delivery: null }, delivery: null };
  if (row.ownerCompanyId === null) return undefined;
  const delivery = {
    deliveryId: row.deliveryId,
    ownerCompanyId: row.ownerCompanyId,
    carrierCompanyId: row.carrierCompanyId,
  };
  const deliverySubject = {
    kind: 'delivery',
    ownerCompanyId: row.ownerCompanyId,
    carrierCompanyId: row.carrierCompanyId,
    assignedDriverIds: row.assignedDriverIds,
  } as const;
  return { subject: { ...base, delivery: deliverySubject }, delivery };
}

/**
 * Loads a conversation as the policy's subject and asks it (`CONVERSATION_MATRIX`): a company conversation answers to
 * its people, a delivery's thread to whom the delivery's `message` row names. Whoever the policy does not let know it
 * is told it does not exist (404 "Conversation"); a party of the delivery the row leaves out is told no (403).
 */
export async function conversationAccess<A extends ConversationAction>(
  db: DbOrTx,
  actor: Actor,
  action: A,
  conversationId: string,
): Promise<ConversationAccess<A>> {
  const row = await findConversationSubject(db, conversationId);
  const loaded = row && subjectOf(row);
  if (!row || !loaded) throw notFound('Conversation');
  const { subject, delivery } = loaded;
  if (!can(actor, action, subject)) {
    if (!knows(actor, subject)) throw notFound('Conversation');
    throw forbidden(CONVERSATION_REFUSALS[action]);
  }
  // A keyed write in a thread is replayed only to whom the policy still lets read its delivery (decision 057).
  if (delivery && actor.userId) noteAsked(actor.userId, { kind: 'delivery', id: delivery.deliveryId });
  return { id: row.id, action, subject, delivery } as unknown as ConversationAccess<A>;
}

/**
 * Registers a call about one conversation (rule `conversation:<action>`, decision 016's addendum): before its handler
 * runs, the conversation the call names (`conversationUuid`) is loaded and the policy asked the rule's action, as the
 * route company's admin; the handler gets the proof. `action` is the rule's, said once more only so the proof is
 * typed (posting takes a `write` proof): the server refuses to start if it is not the rule's.
 */
export function registerConversationCall<C extends CallDefinition, A extends ConversationAction>(
  app: FastifyInstance,
  call: C,
  action: A,
  handler: (
    ctx: CallContext<C> & { access: ConversationAccess<A> },
  ) => Promise<CallResult<z.output<C['data']>>>,
): void {
  const rule = callAccess(call);
  if (rule !== `conversation:${action}`)
    throw new Error(
      `${call.method} ${call.path}: its rule is ${rule ?? '(none)'}, not conversation:${action}.`,
    );
  const part = subjectPartOf(call, 'conversationUuid');
  if (!part)
    throw new Error(`${call.method} ${call.path}: its rule is about a conversation, but it names none.`);
  const db = app.database.db;
  registerCall(
    app,
    call,
    async (ctx) => {
      const id = (ctx[part] as { conversationUuid: string }).conversationUuid;
      const access = await conversationAccess(db, companyActor(ctx.request), action, id);
      return handler({ ...ctx, access });
    },
    { subjectAsked: true },
  );
}

/** The action of a `conversation:<action>` rule; anything else stops the server at start-up. */
export function conversationActionOf(rule: string | undefined): ConversationAction {
  const action = rule?.startsWith('conversation:') ? rule.slice('conversation:'.length) : undefined;
  if (action !== 'read' && action !== 'write')
    throw new Error(`Rule ${rule ?? '(none)'} is not about a conversation.`);
  return action;
}
