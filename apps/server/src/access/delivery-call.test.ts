import {
  DELIVERY_LABELS_PATH,
  deliveryCalls,
  driverScopeCalls,
  fleetCalls,
  inboxCalls,
  LABELS_PATH,
  MESSAGE_ATTACHMENT_FILE_PATH,
  proofCalls,
} from '@courier/contract';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerCall } from '../lib/route.js';
import { companyActor, driverActor } from './actor.js';
import { deliveryFileActionOf, deliveryRuleOf, registerDeliveryCall } from './delivery-call.js';

// Issue 31: a call about one delivery is asked by its registration, with the action of its rule in the contract's
// access table; no handler names the action again. These checks run at start-up, so a route written the old way, or
// a rule that does not fit its call, stops the server instead of answering.

/** A handler the start-up check refuses before any request could reach it. */
const never = (): Promise<never> => Promise.reject(new Error('never reached'));

describe('a call about one delivery', () => {
  it('asks the action of its rule, as the route company or as the calling driver', () => {
    expect(deliveryRuleOf(deliveryCalls.getDelivery)).toEqual({ action: 'read', actorOf: companyActor });
    expect(deliveryRuleOf(deliveryCalls.changeStatus)).toEqual({ action: 'move', actorOf: companyActor });
    expect(deliveryRuleOf(proofCalls.uploadProof)).toEqual({ action: 'proof', actorOf: companyActor });
    expect(deliveryRuleOf(driverScopeCalls.changeMyDeliveryStatus)).toEqual({
      action: 'move',
      actorOf: driverActor,
    });
  });

  it("reads a delivery file route's action from its rule, and refuses one whose rule is not about deliveries", () => {
    expect(deliveryFileActionOf(DELIVERY_LABELS_PATH)).toBe('read');
    expect(deliveryFileActionOf(LABELS_PATH)).toBe('read');
    expect(() => deliveryFileActionOf(MESSAGE_ATTACHMENT_FILE_PATH)).toThrow(/is not about one delivery/);
    expect(() => deliveryFileActionOf('/no/such/file')).toThrow(/rule \(none\)/);
  });

  it('refuses at start-up a call whose rule is not about one delivery', () => {
    expect(() => deliveryRuleOf(fleetCalls.listVehicles)).toThrow(/is not about one delivery/);
    expect(() => registerDeliveryCall(Fastify(), fleetCalls.listVehicles, never)).toThrow(
      /is not about one delivery/,
    );
  });

  it('refuses at start-up a delivery call registered without its question, or one that names no delivery', () => {
    // The old way: the handler would ask (or forget to ask) the policy itself.
    expect(() => registerCall(Fastify(), deliveryCalls.getDelivery, never)).toThrow(
      /registered with registerDeliveryCall/,
    );
    // So is a call about one conversation of the inbox, asked by its own registration.
    expect(() => registerCall(Fastify(), inboxCalls.getConversation, never)).toThrow(
      /registered with registerConversationCall/,
    );
    // A quote's decision names the quote: its handler finds the delivery, so it cannot be registered as one.
    expect(() => registerDeliveryCall(Fastify(), deliveryCalls.acceptQuote, never)).toThrow(/names none/);
  });
});
