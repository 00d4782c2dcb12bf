import {
  callAccess,
  DELIVERY_MATRIX,
  FILE_ROUTE_ACCESS,
  type CallDefinition,
  type DeliveryAction,
} from '@courier/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  subjectPartOf,
  registerCall,
  type CallContext,
  type CallResult,
  type RouteOptions,
} from '../lib/route.js';
import type { SerializedAnswer } from '../lib/serialized-answer.js';
import { companyActor, driverActor } from './actor.js';
import { deliveryAccess, type DeliveryAccess } from './delivery-access.js';

/**
 * What a call about one delivery asks of the policy, read from its rule in the access matrix (`delivery:<action>` on
 * a company route, `driver-delivery:<action>` on a driver's): the action, and whose actor asks. For a call that names
 * its delivery through another record (a quote, a schedule window, a file), whose handler finds the delivery first.
 * A call whose rule is not about one delivery stops the server at start-up.
 */
export function deliveryRuleOf(call: CallDefinition): {
  action: DeliveryAction;
  actorOf: (request: FastifyRequest) => ReturnType<typeof companyActor>;
} {
  const rule = callAccess(call);
  const match = rule ? /^(delivery|driver-delivery):(.+)$/.exec(rule) : null;
  if (!match)
    throw new Error(`${call.method} ${call.path}: rule ${rule ?? '(none)'} is not about one delivery.`);
  return {
    action: match[2] as DeliveryAction,
    actorOf: match[1] === 'driver-delivery' ? driverActor : companyActor,
  };
}

/**
 * The action a company file route about deliveries asks of each (its FILE_ROUTE_ACCESS rule, `delivery:<action>`),
 * for its handler to ask the policy with: the matrix written once. Any other rule stops the server at start-up.
 */
export function deliveryFileActionOf(path: string): DeliveryAction {
  const rule = FILE_ROUTE_ACCESS[`GET ${path}`];
  const action = rule?.startsWith('delivery:') ? rule.slice('delivery:'.length) : undefined;
  if (!action || !(action in DELIVERY_MATRIX))
    throw new Error(`GET ${path}: rule ${rule ?? '(none)'} is not about one delivery.`);
  return action as DeliveryAction;
}

/**
 * Registers a call about one delivery: before its handler runs, the delivery the call names is loaded and the policy
 * asked the action of the call's rule (decision 016), so the matrix is written once, in the contract's access table,
 * and never again in a handler. The handler gets the proof (`access`); a stranger has been told 404, a party the
 * action is not for 403 with the reason. `as` names what a stranger is told was not found.
 */
export function registerDeliveryCall<C extends CallDefinition>(
  app: FastifyInstance,
  call: C,
  handler: (
    ctx: CallContext<C> & { access: DeliveryAccess },
  ) => Promise<CallResult<z.output<C['data']>> | SerializedAnswer>,
  options: RouteOptions & { as?: string } = {},
): void {
  const { action, actorOf } = deliveryRuleOf(call);
  const part = subjectPartOf(call, 'deliveryUuid');
  if (!part)
    throw new Error(
      `${call.method} ${call.path}: its rule is about a delivery, but it names none (deliveryUuid).`,
    );
  const { as, ...routeOptions } = options;
  const db = app.database.db;
  registerCall(
    app,
    call,
    async (ctx) => {
      const deliveryId = (ctx[part] as { deliveryUuid: string }).deliveryUuid;
      const access = await deliveryAccess(db, actorOf(ctx.request), action, deliveryId, as ? { as } : {});
      return handler({ ...ctx, access });
    },
    { ...routeOptions, subjectAsked: true },
  );
}
