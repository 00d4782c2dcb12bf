import type { CallDefinition } from '../api/define-call.js';
import { deliveryCalls } from '../deliveries/delivery.calls.js';
import { DELIVERY_LABELS_PATH, LABELS_PATH } from '../deliveries/labels.schemas.js';
import { PROOF_FILE_PATH, proofCalls } from '../documents/proof.calls.js';
import type { ApiKeyScope } from '../integrations/api-keys.calls.js';
import { liveMapCalls } from '../live/live-map.calls.js';
import { webhookCalls } from '../integrations/webhooks.calls.js';

/**
 * The calls an API key may make (decision 065), each with the scope it needs: a key reaches a client system's work
 * (its deliveries, their positions, the webhooks), never the company's accounts, members, settings or money. Every
 * other call answers a key 403, before the policy is asked; the policy then answers the call's own question within
 * the key's scopes (`keyAllows`), as it does for a person.
 */
const entries: (readonly [CallDefinition, ApiKeyScope])[] = [
  [deliveryCalls.listDeliveries, 'deliveries:read'],
  [deliveryCalls.getDelivery, 'deliveries:read'],
  [deliveryCalls.listSteps, 'deliveries:read'],
  [deliveryCalls.listTasks, 'deliveries:read'],
  [deliveryCalls.listParcels, 'deliveries:read'],
  [deliveryCalls.listQuotes, 'deliveries:read'],
  [deliveryCalls.listStatuses, 'deliveries:read'],
  [deliveryCalls.listAddresses, 'deliveries:read'],
  [deliveryCalls.listContacts, 'deliveries:read'],
  [deliveryCalls.listAssignments, 'deliveries:read'],
  [proofCalls.listProofs, 'deliveries:read'],

  [deliveryCalls.createDelivery, 'deliveries:write'],
  [deliveryCalls.createDeliveries, 'deliveries:write'],
  [deliveryCalls.changeStatus, 'deliveries:write'],
  [deliveryCalls.addStepWithAddress, 'deliveries:write'],
  [deliveryCalls.placeStep, 'deliveries:write'],
  [deliveryCalls.addPickupTask, 'deliveries:write'],
  [deliveryCalls.addDropoffTask, 'deliveries:write'],
  [deliveryCalls.addParcelToTask, 'deliveries:write'],
  [deliveryCalls.addContactToTask, 'deliveries:write'],
  [deliveryCalls.linkVehicle, 'deliveries:write'],
  [deliveryCalls.linkVehicleDriver, 'deliveries:write'],

  [deliveryCalls.listLocations, 'positions:read'],
  [deliveryCalls.getDeliveryLive, 'positions:read'],
  [liveMapCalls.getLiveMap, 'positions:read'],

  ...Object.values(webhookCalls).map((c) => [c, 'webhooks:manage'] as const),
];

const byCall = new Map<CallDefinition, ApiKeyScope>(entries);

/** The scope a key needs for a call; undefined when keys may not make it at all. */
export function apiKeyScopeOf(call: CallDefinition): ApiKeyScope | undefined {
  return byCall.get(call);
}

/** The routes that are not JSON calls a key may reach: a proof's file and parcel labels, with the delivery's read. */
export const FILE_ROUTE_API_KEY_SCOPES: Readonly<Record<string, ApiKeyScope>> = {
  [`GET ${PROOF_FILE_PATH}`]: 'deliveries:read',
  [`GET ${DELIVERY_LABELS_PATH}`]: 'deliveries:read',
  [`GET ${LABELS_PATH}`]: 'deliveries:read',
};

/** Every call open to keys, for the access sweep and the OpenAPI document. */
export const API_KEY_CALLS: readonly (readonly [CallDefinition, ApiKeyScope])[] = entries;
