import type { CallDefinition } from '../api/define-call.js';
import { SUPPORT_DESK_PATH } from '../constants.js';
import { adminUserCalls } from '../memberships/admin-users.calls.js';
import { companyCalls } from '../identity/company.calls.js';
import { companyUserCalls } from '../memberships/company-users.calls.js';
import { invitationCalls } from '../memberships/invitations.calls.js';
import { directoryCalls } from '../directory/directories.calls.js';
import { DRIVER_DOCUMENT_FILE_PATH, driverCalls } from '../memberships/drivers.calls.js';
import { fleetCalls } from '../fleet/fleet.calls.js';
import { LOOKUP_LIST_KEYS, lookupCalls, vehicleModelCalls } from '../lookups/lookups.calls.js';
import { sessionCalls } from '../identity/session.calls.js';
import { calendarCalls } from '../calendar/calendar.calls.js';
import { deliveryCalls } from '../deliveries/delivery.calls.js';
import { DRIVER_PROOF_FILE_PATH, driverScopeCalls } from '../deliveries/driver.calls.js';
import { parcelCalls } from '../deliveries/parcel.calls.js';
import { DELIVERY_LABELS_PATH, LABELS_PATH } from '../deliveries/labels.schemas.js';
import { PROOF_FILE_PATH, proofCalls } from '../documents/proof.calls.js';
import { noteCalls } from '../notes/notes.calls.js';
import { TRACKING_PROOF_FILE_PATH, TRACKING_STREAM_PATH, trackingCalls } from '../tracking/tracking.calls.js';
import { ADMIN_STREAM_PATH, DRIVER_STREAM_PATH } from '../live/live.constants.js';
import { MAP_TILES_PATH, mapCalls } from '../map/map.calls.js';
import { placeCalls } from '../places/places.calls.js';
import { liveMapCalls } from '../live/live-map.calls.js';
import { auctionCalls } from '../marketplace/marketplace.calls.js';
import { notificationCalls } from '../notifications/notifications.calls.js';
import { lockCalls } from '../identity/lock.calls.js';
import { contactCalls } from '../platform/contact.calls.js';
import { jobCalls } from '../platform/jobs.calls.js';
import { passwordResetCalls } from '../identity/password-reset.calls.js';
import { signUpCalls } from '../identity/signup.calls.js';
import { emailChangeCalls } from '../identity/email-change.calls.js';
import { mailCalls } from '../mail/mail.calls.js';
import { inboxCalls, MESSAGE_ATTACHMENT_FILE_PATH } from '../messages/inbox.calls.js';
import { apiKeyCalls } from '../integrations/api-keys.calls.js';
import { webhookCalls } from '../integrations/webhooks.calls.js';
import { planningCalls } from '../planning/planning.calls.js';
import {
  recipientMessageCalls,
  TWILIO_INBOUND_PATH,
  TWILIO_STATUS_PATH,
} from '../recipients/recipient-messages.calls.js';
import type { DeliveryAction } from '../deliveries/delivery-actions.js';
import type { AuctionAction, CompanyAction, ConversationAction, PlatformAction } from './policy.js';

/**
 * What each call asks of the policy (docs/decisions/016-access-policy.md):
 * - `public`: anyone; `user`: any signed-in user, about themselves.
 * - `company:<action>`: a company route (`/c/{slug}/admin/...`), the route company's own records.
 * - `delivery:<action>`: a company route about one delivery the route company owns or carries.
 * - `auction:<action>`: a company route about one auction of the marketplace (decision 026).
 * - `conversation:<action>`: a company route about one conversation of the inbox (decision 031): its people, or in a
 *   delivery's thread whom the delivery's `message` row names.
 * - `noteable`: a note on a delivery (`delivery:note`) or on a company record (`company:manage`).
 * - `driver:drive`: a driver's own side; `driver-delivery:<action>`: a delivery assigned to the calling driver.
 * - `platform:<action>`: the product's own records (`/platform/...`), for platform admins (decision 028).
 * Company routes are admin routes: a member who is only a driver gets 403 there, a stranger 404.
 */
export type CallAccess =
  | 'public'
  | 'user'
  | `company:${CompanyAction}`
  | `delivery:${DeliveryAction}`
  | `auction:${AuctionAction}`
  | `conversation:${ConversationAction}`
  | 'noteable'
  | 'driver:drive'
  | `driver-delivery:${DeliveryAction}`
  | `platform:${PlatformAction}`;

type Entry = readonly [CallDefinition, CallAccess];

const entries: Entry[] = [
  [sessionCalls.health, 'public'],
  [sessionCalls.live, 'public'],
  [sessionCalls.login, 'public'],
  // The token is the credential: it names one delivery and shows only what its recipient may see.
  [trackingCalls.getTracking, 'public'],
  // The recipient's instructions and rating (issue 36): the same token; rate limited per address and per token.
  [trackingCalls.saveTrackingInstructions, 'public'],
  [trackingCalls.rateTrackedDelivery, 'public'],
  [sessionCalls.emailJoin, 'public'],
  // The base map is the same for everyone and says nothing about any company.
  [mapCalls.getMapConfig, 'public'],
  // The address search serves sign-up too, before there is an account; it is rate-limited per address, and answers
  // only what the geocoder says of the public map, never a company's addresses.
  ...Object.values(placeCalls).map((c): Entry => [c, 'public']),
  // Signed out by nature: the request answers the same for any address; the reset's token is the credential.
  [passwordResetCalls.requestPasswordReset, 'public'],
  [passwordResetCalls.resetPassword, 'public'],
  [invitationCalls.readInvitation, 'public'],
  [invitationCalls.acceptInvitation, 'public'],
  // Sign-up creates the caller's own company and account; the verification link's token is the credential.
  [signUpCalls.signUp, 'public'],
  [signUpCalls.verifyEmail, 'public'],
  [signUpCalls.resendEmailVerification, 'user'],
  // The links of an e-mail change (decision 056): each token is the credential, mailed to one address.
  [emailChangeCalls.confirmEmailChange, 'public'],
  [emailChangeCalls.revertEmailChange, 'public'],
  [emailChangeCalls.getEmailChange, 'user'],
  [emailChangeCalls.cancelEmailChange, 'user'],
  [mailCalls.listOutbox, 'platform:read-mail'],
  [mailCalls.getOutboxMail, 'platform:read-mail'],
  [jobCalls.listJobQueues, 'platform:run-jobs'],
  [jobCalls.listDeadJobs, 'platform:run-jobs'],
  [jobCalls.retryDeadJob, 'platform:run-jobs'],
  // Anyone may write to the team (rate limited per address).
  [contactCalls.sendContactMessage, 'public'],
  [sessionCalls.logout, 'user'],
  [sessionCalls.me, 'user'],
  [sessionCalls.meCheck, 'user'],
  [sessionCalls.meRoles, 'user'],
  [sessionCalls.meAddresses, 'user'],
  [sessionCalls.meCompanies, 'user'],
  [sessionCalls.updateName, 'user'],
  [sessionCalls.updateEmail, 'user'],
  [sessionCalls.updatePhoneNumbers, 'user'],
  [sessionCalls.updatePassword, 'user'],
  ...LOOKUP_LIST_KEYS.map((k): Entry => [lookupCalls[k], 'user']),
  [vehicleModelCalls.listVehicleModels, 'user'],

  ...Object.values(adminUserCalls).map((c): Entry => [c, 'company:manage']),
  ...Object.values(companyCalls).map((c): Entry => [c, 'company:manage']),
  ...Object.values(companyUserCalls).map((c): Entry => [c, 'company:manage']),
  [invitationCalls.resendInvitation, 'company:manage'],
  ...Object.values(directoryCalls).map((c): Entry => [c, 'company:manage']),
  ...Object.values(driverCalls).map((c): Entry => [c, 'company:manage']),
  ...Object.values(fleetCalls).map((c): Entry => [c, 'company:manage']),
  ...Object.values(parcelCalls).map((c): Entry => [c, 'company:manage']),
  [calendarCalls.listEvents, 'company:manage'],
  [calendarCalls.createEvent, 'company:manage'],
  [calendarCalls.updateEvent, 'company:manage'],
  [calendarCalls.deleteEvent, 'company:manage'],
  [calendarCalls.rescheduleWindow, 'delivery:edit'],

  [deliveryCalls.listDeliveries, 'company:manage'],
  [liveMapCalls.getLiveMap, 'company:manage'],
  [deliveryCalls.createDelivery, 'company:manage'],
  [deliveryCalls.createDeliveries, 'company:manage'],
  [deliveryCalls.getDelivery, 'delivery:read'],
  [deliveryCalls.listSteps, 'delivery:read'],
  [deliveryCalls.listTasks, 'delivery:read'],
  [deliveryCalls.listParcels, 'delivery:read'],
  [deliveryCalls.listQuotes, 'delivery:read'],
  [deliveryCalls.listStatuses, 'delivery:read'],
  [deliveryCalls.listAddresses, 'delivery:read'],
  [deliveryCalls.listContacts, 'delivery:read'],
  [deliveryCalls.listLocations, 'delivery:read'],
  [deliveryCalls.getDeliveryLive, 'delivery:read'],
  [deliveryCalls.getRecipientInput, 'delivery:read'],
  [deliveryCalls.listAssignments, 'delivery:read'],
  [deliveryCalls.linkVehicle, 'delivery:assign'],
  [deliveryCalls.linkVehicleDriver, 'delivery:assign'],
  [deliveryCalls.changeStatus, 'delivery:move'],
  [deliveryCalls.addContactToTask, 'delivery:edit'],
  [deliveryCalls.addStepWithAddress, 'delivery:edit'],
  [deliveryCalls.placeStep, 'delivery:edit'],
  [deliveryCalls.addPickupTask, 'delivery:edit'],
  [deliveryCalls.addDropoffTask, 'delivery:edit'],
  [deliveryCalls.addParcelToTask, 'delivery:edit'],
  // A parcel is a record of the company that owns it (it may be on no delivery yet).
  [deliveryCalls.addContactToParcel, 'company:manage'],
  [deliveryCalls.createQuote, 'delivery:quote'],
  [deliveryCalls.acceptQuote, 'delivery:decide-quote'],
  [deliveryCalls.rejectQuote, 'delivery:decide-quote'],
  [proofCalls.uploadProof, 'delivery:proof'],
  [proofCalls.listProofs, 'delivery:read'],

  [noteCalls.listNotes, 'noteable'],
  [noteCalls.listMentionable, 'noteable'],
  [noteCalls.createNote, 'noteable'],
  [noteCalls.getNote, 'noteable'],
  [noteCalls.updateNote, 'noteable'],
  [noteCalls.deleteNote, 'noteable'],

  [driverScopeCalls.listMyDeliveries, 'driver:drive'],
  [driverScopeCalls.updateMyStatus, 'driver:drive'],
  [driverScopeCalls.getMyStatus, 'driver:drive'],
  [driverScopeCalls.postMyPositions, 'driver:drive'],
  [driverScopeCalls.confirmMyHandoverPin, 'driver-delivery:proof'],
  [driverScopeCalls.scanMyParcel, 'driver-delivery:proof'],
  [driverScopeCalls.getMyDelivery, 'driver-delivery:read'],
  [driverScopeCalls.getMyDeliveryLive, 'driver-delivery:read'],
  [driverScopeCalls.changeMyDeliveryStatus, 'driver-delivery:move'],
  [driverScopeCalls.uploadMyProof, 'driver-delivery:proof'],
  [driverScopeCalls.listMyDeliveryNotes, 'driver-delivery:read'],
  [driverScopeCalls.createMyDeliveryNote, 'driver-delivery:note'],

  // The marketplace (decision 026). Bidding is asked of the policy inside the call, after the auction is known: the
  // shipper's own bid is refused with a reason (422), as the issue asks, not as a stranger's.
  [auctionCalls.publishAuction, 'delivery:publish-auction'],
  [auctionCalls.getMyAuctions, 'company:manage'],
  [auctionCalls.getOpenAuctions, 'company:bid'],
  [auctionCalls.getBidStats, 'company:bid'],
  [auctionCalls.getAuction, 'auction:read'],
  [auctionCalls.withdrawAuction, 'auction:manage'],
  [auctionCalls.awardAuction, 'auction:manage'],
  [auctionCalls.putMyBid, 'auction:read'],
  [auctionCalls.withdrawMyBid, 'auction:read'],
  [auctionCalls.getCarrierRating, 'delivery:read'],
  [auctionCalls.rateCarrier, 'delivery:rate-carrier'],
  [auctionCalls.getBidRates, 'company:bid'],
  [auctionCalls.putBidRates, 'company:bid'],
  // A user's own notifications (issue 14): each is theirs alone; another's answers 404.
  [notificationCalls.getNotificationSummary, 'user'],
  [notificationCalls.listNotifications, 'user'],
  [notificationCalls.readNotification, 'user'],
  [notificationCalls.readAllNotifications, 'user'],
  [notificationCalls.deleteNotification, 'user'],
  [notificationCalls.getNotificationPreferences, 'user'],
  [notificationCalls.putNotificationPreferences, 'user'],
  // The lock screen (issue 14): the user's own session.
  [lockCalls.getLock, 'user'],
  [lockCalls.lockSession, 'user'],
  [lockCalls.unlockSession, 'user'],
  // The inbox (decision 031). Company conversations are the route company's admins': each answers only to its
  // participants (another's is 404, as a stranger's). A delivery's thread is asked of the delivery's policy
  // (`message`: its owner's and its carrier's admins), also when reached by its conversation uuid
  // (CONVERSATION_MATRIX).
  [inboxCalls.getInboxSummary, 'company:manage'],
  [inboxCalls.listConversations, 'company:manage'],
  [inboxCalls.listInboxPeople, 'company:manage'],
  [inboxCalls.startConversation, 'company:manage'],
  [inboxCalls.getConversation, 'conversation:read'],
  [inboxCalls.listMessages, 'conversation:read'],
  [inboxCalls.postMessage, 'conversation:write'],
  // The read mark is the caller's own: reading the conversation is what it takes.
  [inboxCalls.markConversationRead, 'conversation:read'],
  [inboxCalls.getDeliveryThread, 'delivery:message'],
  [inboxCalls.postDeliveryMessage, 'delivery:message'],
  // The company's API keys (decision 065): its admins' (a key itself never reaches them, API_KEY_CALLS).
  ...Object.values(apiKeyCalls).map((c): Entry => [c, 'company:manage']),
  // Its webhook endpoints (decision 066): its admins', and keys with `webhooks:manage`.
  ...Object.values(webhookCalls).map((c): Entry => [c, 'company:manage']),
  // The dispatch board (issue 35): its admins'; each delivery a change touches is asked of the policy (`assign`).
  ...Object.values(planningCalls).map((c): Entry => [c, 'company:manage']),
  // Messages to recipients (issue 36): the company's words are its admins'; a delivery's log is whoever reads it.
  [recipientMessageCalls.getRecipientMessageSettings, 'company:manage'],
  [recipientMessageCalls.updateRecipientMessageSettings, 'company:manage'],
  [recipientMessageCalls.listDeliveryRecipientMessages, 'delivery:read'],
  // The e-mail's stop link: its signed token names one company and one address, and stops nothing else.
  [recipientMessageCalls.getRecipientOptOut, 'public'],
  [recipientMessageCalls.optOutRecipient, 'public'],
];

const byCall = new Map<CallDefinition, CallAccess>(entries);

/** The access rule of a call; undefined for a call nobody has placed in the matrix yet (the server refuses to start). */
export function callAccess(call: CallDefinition): CallAccess | undefined {
  return byCall.get(call);
}

/** Routes that are not JSON calls (files, and the Support Desk's redirect), with their rule. */
export const FILE_ROUTE_ACCESS: Readonly<Record<string, CallAccess>> = {
  [`GET ${PROOF_FILE_PATH}`]: 'delivery:read',
  [`GET ${DRIVER_DOCUMENT_FILE_PATH}`]: 'company:manage',
  [`GET ${DRIVER_PROOF_FILE_PATH}`]: 'driver-delivery:read',
  // Parcel labels (decision 067): whoever reads the delivery, through the company that owns or carries it; the route
  // of several deliveries asks the policy of each one (a stranger's is 404).
  [`GET ${DELIVERY_LABELS_PATH}`]: 'delivery:read',
  [`GET ${LABELS_PATH}`]: 'delivery:read',
  'GET /company/:companyUuid/logo': 'public',
  // A proof's picture for the recipient (issue 36): the token is the credential, and only the dropoff's own proofs.
  [`GET ${TRACKING_PROOF_FILE_PATH}`]: 'public',
  [`GET ${MAP_TILES_PATH}`]: 'public',
  // Not a file: a redirect to the install's Support Desk (decision 061), followed by a browser's new tab.
  [`GET ${SUPPORT_DESK_PATH}`]: 'public',
  // Its conversation is asked as the calls above ask it (participant, or the delivery's `message`).
  [`GET ${MESSAGE_ATTACHMENT_FILE_PATH}`]: 'conversation:read',
  // The SMS provider's callbacks (form posts, not JSON): signed with the provider's secret, checked by the route.
  [`POST ${TWILIO_STATUS_PATH}`]: 'public',
  [`POST ${TWILIO_INBOUND_PATH}`]: 'public',
};

/**
 * The live streams (Server-Sent Events, decision 023) are not JSON calls either: one long answer of events. The rule
 * says who may open one; each event on it is then filtered by the policy on its own subject.
 */
export const STREAM_ROUTE_ACCESS: Readonly<Record<string, CallAccess>> = {
  [`GET ${ADMIN_STREAM_PATH}`]: 'company:manage',
  [`GET ${DRIVER_STREAM_PATH}`]: 'driver:drive',
  // The recipient's page: the token is the credential; what the stream sends is the public answer (decision 022).
  [`GET ${TRACKING_STREAM_PATH}`]: 'public',
};
