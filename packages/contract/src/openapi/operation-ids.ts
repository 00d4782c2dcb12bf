import type { CallDefinition } from '../api/define-call.js';
import { companyCalls } from '../identity/company.calls.js';
import { lockCalls } from '../identity/lock.calls.js';
import { passwordResetCalls } from '../identity/password-reset.calls.js';
import { sessionCalls } from '../identity/session.calls.js';
import { signUpCalls } from '../identity/signup.calls.js';
import { emailChangeCalls } from '../identity/email-change.calls.js';
import { adminUserCalls } from '../memberships/admin-users.calls.js';
import { companyUserCalls } from '../memberships/company-users.calls.js';
import { DRIVER_DOCUMENT_FILE_PATH, driverCalls } from '../memberships/drivers.calls.js';
import { invitationCalls } from '../memberships/invitations.calls.js';
import { directoryCalls } from '../directory/directories.calls.js';
import { fleetCalls } from '../fleet/fleet.calls.js';
import { lookupCalls, vehicleModelCalls } from '../lookups/lookups.calls.js';
import { calendarCalls } from '../calendar/calendar.calls.js';
import { deliveryCalls } from '../deliveries/delivery.calls.js';
import { DRIVER_PROOF_FILE_PATH, driverScopeCalls } from '../deliveries/driver.calls.js';
import { parcelCalls } from '../deliveries/parcel.calls.js';
import { DELIVERY_LABELS_PATH, LABELS_PATH } from '../deliveries/labels.schemas.js';
import { PROOF_FILE_PATH, proofCalls } from '../documents/proof.calls.js';
import { noteCalls } from '../notes/notes.calls.js';
import { TRACKING_PROOF_FILE_PATH, TRACKING_STREAM_PATH, trackingCalls } from '../tracking/tracking.calls.js';
import { ADMIN_STREAM_PATH, DRIVER_STREAM_PATH } from '../live/live.constants.js';
import { liveMapCalls } from '../live/live-map.calls.js';
import { MAP_TILES_PATH, mapCalls } from '../map/map.calls.js';
import { placeCalls } from '../places/places.calls.js';
import { auctionCalls } from '../marketplace/marketplace.calls.js';
import { notificationCalls } from '../notifications/notifications.calls.js';
import { contactCalls } from '../platform/contact.calls.js';
import { jobCalls } from '../platform/jobs.calls.js';
import { apiKeyCalls } from '../integrations/api-keys.calls.js';
import { webhookCalls } from '../integrations/webhooks.calls.js';
import { planningCalls } from '../planning/planning.calls.js';
import {
  recipientMessageCalls,
  TWILIO_INBOUND_PATH,
  TWILIO_STATUS_PATH,
} from '../recipients/recipient-messages.calls.js';
import { mailCalls } from '../mail/mail.calls.js';
import { inboxCalls, MESSAGE_ATTACHMENT_FILE_PATH } from '../messages/inbox.calls.js';

/**
 * Every group of calls of the contract. A call's name in its group (`deliveryCalls.createDelivery`) is its
 * `operationId` in the OpenAPI document (decision 038), so a client generated from the document names its methods
 * the way this code does. A new group is added here, or its operations have no name and the lint test says so.
 */
const CALL_GROUPS: readonly Readonly<Record<string, CallDefinition>>[] = [
  sessionCalls,
  passwordResetCalls,
  signUpCalls,
  emailChangeCalls,
  lockCalls,
  companyCalls,
  adminUserCalls,
  companyUserCalls,
  driverCalls,
  invitationCalls,
  directoryCalls,
  fleetCalls,
  vehicleModelCalls,
  calendarCalls,
  deliveryCalls,
  driverScopeCalls,
  parcelCalls,
  proofCalls,
  noteCalls,
  trackingCalls,
  liveMapCalls,
  mapCalls,
  placeCalls,
  auctionCalls,
  notificationCalls,
  contactCalls,
  jobCalls,
  mailCalls,
  inboxCalls,
  apiKeyCalls,
  webhookCalls,
  planningCalls,
  recipientMessageCalls,
  // The lookup lists are named by their key (`noteTypes`): `listNoteTypes`.
  Object.fromEntries(
    Object.entries(lookupCalls).map(([key, call]) => [`list${key[0]?.toUpperCase()}${key.slice(1)}`, call]),
  ),
];

/** Calls whose name in their group is taken by another group's call: named apart, for a generated client. */
const RENAMED = new Map<CallDefinition, string>([
  [deliveryCalls.listAddresses, 'listDeliveryAddresses'],
  [fleetCalls.listVehicleModels, 'listCompanyVehicleModels'],
]);

/** Routes that are not JSON calls (files, streams, the CSRF cookie), by `METHOD path` under /api/v1. */
const ROUTE_OPERATION_IDS: Readonly<Record<string, string>> = {
  [`GET ${PROOF_FILE_PATH}`]: 'downloadProofFile',
  [`GET ${DRIVER_DOCUMENT_FILE_PATH}`]: 'downloadDriverDocumentFile',
  [`GET ${DRIVER_PROOF_FILE_PATH}`]: 'downloadMyProofFile',
  [`GET ${MESSAGE_ATTACHMENT_FILE_PATH}`]: 'downloadMessageAttachmentFile',
  [`GET ${DELIVERY_LABELS_PATH}`]: 'downloadDeliveryLabels',
  [`GET ${LABELS_PATH}`]: 'downloadLabels',
  'GET /company/:companyUuid/logo': 'getCompanyLogo',
  [`GET ${TRACKING_PROOF_FILE_PATH}`]: 'downloadTrackingProofFile',
  [`GET ${MAP_TILES_PATH}`]: 'getMapTiles',
  [`GET ${ADMIN_STREAM_PATH}`]: 'openAdminStream',
  [`GET ${DRIVER_STREAM_PATH}`]: 'openDriverStream',
  [`GET ${TRACKING_STREAM_PATH}`]: 'openTrackingStream',
  [`POST ${TWILIO_STATUS_PATH}`]: 'receiveTwilioStatus',
  [`POST ${TWILIO_INBOUND_PATH}`]: 'receiveTwilioMessage',
};

export interface NamedOperation {
  operationId: string;
  /** The contract's call, when the route is one. */
  call?: CallDefinition;
}

function buildOperations(): Map<string, NamedOperation> {
  const byRoute = new Map<string, NamedOperation>();
  const taken = new Set<string>();
  const add = (route: string, op: NamedOperation) => {
    // Two calls with one name would give a generated client two methods of one name: refused at load.
    if (taken.has(op.operationId)) throw new Error(`Two operations are named ${op.operationId}.`);
    if (byRoute.has(route)) throw new Error(`Two operations are declared for ${route}.`);
    taken.add(op.operationId);
    byRoute.set(route, op);
  };
  for (const group of CALL_GROUPS)
    for (const [name, call] of Object.entries(group))
      add(`${call.method} ${call.path}`, { operationId: RENAMED.get(call) ?? name, call });
  for (const [route, operationId] of Object.entries(ROUTE_OPERATION_IDS)) add(route, { operationId });
  return byRoute;
}

const OPERATIONS = buildOperations();

/** The named operation of a route (method and Fastify-style path under /api/v1), or undefined for an unnamed one. */
export function operationOf(method: string, path: string): NamedOperation | undefined {
  return OPERATIONS.get(`${method.toUpperCase()} ${path}`);
}
