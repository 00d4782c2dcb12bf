import {
  liveMoveAction,
  nextStatusOptions,
  type LiveStatus,
  type StatusActor,
} from '../deliveries/status-machine.js';
import type { DeliveryAction } from '../deliveries/delivery-actions.js';
import type { AuctionState } from '../marketplace/auction.machine.js';
import type { CompanyRoleSlug } from '../roles.js';
import type { ApiKeyScope } from '../integrations/api-keys.calls.js';

/**
 * The access policy (docs/decisions/016-access-policy.md), as data and pure functions that both sides use: the server
 * answers every call through it, the web app hides what the caller may not do, and the tests sweep it over every
 * call of the contract. Nothing here reads a database: the server loads the actor and the subject, then asks.
 */

/** A membership the actor acts through: on a company route only the route's company, on a driver route every company the user drives for. */
export interface ActorMembership {
  companyId: string;
  companySlug?: string;
  /** `shipper` or `courier` (CompanyTypeSlug), as the company row holds it. */
  companyTypeSlug: string;
  roles: readonly CompanyRoleSlug[];
}

export interface Actor {
  /** The person acting; null for an API key, which is no one's (decision 065). */
  userId: string | null;
  isPlatformAdmin: boolean;
  memberships: readonly ActorMembership[];
  /**
   * Set when an API key acts (decision 065): as its one company's admin (its one membership), bounded by its scopes
   * (`keyAllows`). Nothing of a person's (a note's authorship, a driver's assignment) is ever a key's.
   */
  apiKey?: { id: string; scopes: readonly ApiKeyScope[] };
}

/** A company's own records: vehicles, fleets, drivers, users, directories, profile, calendar events, parcels. */
export interface CompanySubject {
  kind: 'company';
  companyId: string;
}

/** A delivery knows its owner, its carrier (once a courier carries it) and the drivers assigned to it now. */
export interface DeliverySubject {
  kind: 'delivery';
  ownerCompanyId: string;
  carrierCompanyId: string | null;
  assignedDriverIds: readonly string[];
}

/**
 * An auction of the marketplace (decision 026): its shipper, the companies that have bid on it, and its state now.
 * Any courier company's admin knows an auction while it is open; after that only its shipper and its bidders do.
 */
export interface AuctionSubject {
  kind: 'auction';
  ownerCompanyId: string;
  bidderCompanyIds: readonly string[];
  state: AuctionState;
}

/**
 * A note (decision 013): kept by one company (private to it), written by one user. Reading one is its record's
 * question (the noteable: a delivery, or the company's own vehicle, driver, parcel or client).
 */
export interface NoteSubject {
  kind: 'note';
  companyId: string;
  authorUserId: string;
}

/**
 * A conversation of the inbox (decision 031). A company conversation belongs to its company and is for the people in
 * it. A delivery's thread is the delivery's: it carries the delivery's subject, and the delivery matrix's `message` row
 * answers for it (its participant rows are only read marks, never a way in).
 */
export interface ConversationSubject {
  kind: 'conversation';
  companyId: string;
  /** The people of a company conversation; in a delivery's thread, whoever has read or written in it. */
  participantUserIds: readonly string[];
  /** The delivery a thread is about; null for a company conversation. */
  delivery: DeliverySubject | null;
}

/** The product itself (decision 027): what its operators see across every company, such as the sent mail. */
export interface PlatformSubject {
  kind: 'platform';
}

/** How an actor stands to a company. `courier-admin`: an admin of a company of the courier type. */
export const COMPANY_RELATIONS = ['company-admin', 'company-driver', 'courier-admin'] as const;
export type CompanyRelation = (typeof COMPANY_RELATIONS)[number];

/**
 * How an actor stands to a delivery. `running-admin` is the admin of the company that runs the delivery on the road:
 * the carrier once there is one, else the owner.
 */
export const DELIVERY_RELATIONS = [
  'owner-admin',
  'carrier-admin',
  'running-admin',
  'assigned-driver',
] as const;
export type DeliveryRelation = (typeof DELIVERY_RELATIONS)[number];

/** How an actor stands to an auction: its shipper's admin, a bidder's admin, any courier's admin while it is open. */
export const AUCTION_RELATIONS = ['owner-admin', 'bidder-admin', 'courier-admin'] as const;
export type AuctionRelation = (typeof AUCTION_RELATIONS)[number];

/** How an actor stands to the platform: one of its operators (the user's platform flag), or not. */
export const PLATFORM_RELATIONS = ['platform-admin'] as const;
export type PlatformRelation = (typeof PLATFORM_RELATIONS)[number];

/** How an actor stands to a note: its author, or an admin of the company that keeps it. */
export const NOTE_RELATIONS = ['author', 'company-admin'] as const;
export type NoteRelation = (typeof NOTE_RELATIONS)[number];

/**
 * How an actor stands to a conversation. `participant`: an admin of a company conversation's company, named among its
 * people (the inbox is its admins', decision 031: a driver has none). `delivery-messenger`: in a delivery's thread,
 * whom the delivery matrix's `message` row lets talk about the delivery (its owner's and its carrier's admins).
 */
export const CONVERSATION_RELATIONS = ['participant', 'delivery-messenger'] as const;
export type ConversationRelation = (typeof CONVERSATION_RELATIONS)[number];

export const CONVERSATION_ACTIONS = ['read', 'write'] as const;
export type ConversationAction = (typeof CONVERSATION_ACTIONS)[number];

/**
 * Who may do what in a conversation (issue 31: was a check in the inbox's server module). Anyone else, an admin of the
 * same company who is not in a company conversation included, is told it does not exist.
 */
export const CONVERSATION_MATRIX: Readonly<Record<ConversationAction, readonly ConversationRelation[]>> = {
  /** Its messages and their files, and one's own read mark. */
  read: ['participant', 'delivery-messenger'],
  /** A new message, with its files. */
  write: ['participant', 'delivery-messenger'],
};

/**
 * What a caller who knows a conversation but may not do this is told (403). Only a delivery's thread can answer so (a
 * party of the delivery the `message` row leaves out); the words are the delivery's `message` refusal, as before.
 */
export const CONVERSATION_REFUSALS: Readonly<Record<ConversationAction, string>> = {
  read: "Only the admins of the delivery's owner and of its carrier write in its thread.",
  write: "Only the admins of the delivery's owner and of its carrier write in its thread.",
};

export const NOTE_ACTIONS = ['change'] as const;
export type NoteAction = (typeof NOTE_ACTIONS)[number];

/** Who may do what to a note once they can read it. */
export const NOTE_MATRIX: Readonly<Record<NoteAction, readonly NoteRelation[]>> = {
  /** Edit or delete it (issue 31: was a check in the notes service, copied into the web app). */
  change: ['author', 'company-admin'],
};

export const PLATFORM_ACTIONS = ['read-mail', 'run-jobs'] as const;
export type PlatformAction = (typeof PLATFORM_ACTIONS)[number];

/** Who may do what on the platform's own records. */
export const PLATFORM_MATRIX: Readonly<Record<PlatformAction, readonly PlatformRelation[]>> = {
  /** The outbox of sent mail (with no SMTP server, the only copy of each message, reset links included). */
  'read-mail': ['platform-admin'],
  /** The server's job queues: their counts, the dead jobs with their errors, and a retry (decision 055). */
  'run-jobs': ['platform-admin'],
};

export const COMPANY_ACTIONS = ['manage', 'drive', 'bid'] as const;
export type CompanyAction = (typeof COMPANY_ACTIONS)[number];

export const AUCTION_ACTIONS = ['read', 'bid', 'manage'] as const;
export type AuctionAction = (typeof AUCTION_ACTIONS)[number];

/** Who may act on a company's own records. */
export const COMPANY_MATRIX: Readonly<Record<CompanyAction, readonly CompanyRelation[]>> = {
  /** Everything a company keeps: fleet, people, directories, profile, calendar, parcels, its delivery list. */
  manage: ['company-admin'],
  /** A driver's own side: their availability, the deliveries assigned to them. */
  drive: ['company-driver'],
  /** The marketplace's courier side: open auctions, bids, bid rates. */
  bid: ['courier-admin'],
};

/** Who may do what to an auction. The shipper never bids on its own (the bid call answers 422 with the reason). */
export const AUCTION_MATRIX: Readonly<Record<AuctionAction, readonly AuctionRelation[]>> = {
  /** The shipper sees every bid; a courier the route by area and its own bid (sealed). */
  read: ['owner-admin', 'bidder-admin', 'courier-admin'],
  /** Place, revise or withdraw one's own bid (while open: a state rule, 409). */
  bid: ['bidder-admin', 'courier-admin'],
  /** Withdraw the auction, award a bid. */
  manage: ['owner-admin'],
};

/**
 * What a party of an auction who may not do this is told (403), beside the matrix so the words follow its rows. `read`
 * is never said as things stand (whoever may not read an auction does not know it: 404); it is there for the day a
 * row changes.
 */
export const AUCTION_REFUSALS: Readonly<Record<AuctionAction, string>> = {
  read: 'This auction is not open to your company.',
  bid: 'A company cannot bid on its own auction.',
  manage: 'Only the company that published this auction can withdraw it or award it.',
};

/** Who may do what to a delivery. Anything not listed is refused. */
export const DELIVERY_MATRIX: Readonly<Record<DeliveryAction, readonly DeliveryRelation[]>> = {
  /** The delivery with its steps, tasks, parcels, contacts, quotes, statuses, positions and proofs. */
  read: ['owner-admin', 'carrier-admin', 'assigned-driver'],
  /** Steps, tasks, parcels, contacts and schedule windows are the owner's. */
  edit: ['owner-admin'],
  /** Quotes are between the owner and its customer. */
  quote: ['owner-admin'],
  'decide-quote': ['owner-admin'],
  /** Only the owner cancels; a carrier cannot drop the owner's delivery (giving it back comes with the marketplace). */
  cancel: ['owner-admin'],
  /**
   * The work on the road, the machine's `move` moves (en route, at pickup, picked up, …, delivered, failed,
   * returned): the offices of both parties and the assigned driver (a driver only the moves the machine gives drivers).
   */
  move: ['owner-admin', 'carrier-admin', 'assigned-driver'],
  /**
   * The owner's decisions on the delivery's course, the machine's `plan` moves: schedule or unschedule it, send a
   * failed one out again, close a delivered one as completed. A carrier works the delivery; what it is for, and when
   * it is done, stay the owner's (issue 31).
   */
  plan: ['owner-admin'],
  /** Own vehicles and drivers of the company that runs it: the owner while it has no carrier, then the carrier. */
  assign: ['running-admin'],
  note: ['owner-admin', 'carrier-admin', 'assigned-driver'],
  proof: ['owner-admin', 'carrier-admin', 'assigned-driver'],
  'report-location': ['assigned-driver'],
  /** The recipient's handover code is the owner's to give: the driver who proves with it must not see it. */
  'read-handover-pin': ['owner-admin'],
  /** The recipient's tracking link (decision 022): the offices that answer the recipient; not the driver. */
  'share-tracking': ['owner-admin', 'carrier-admin'],
  /** Offer it in the marketplace (decision 026): the owner, while no one else carries it (a state rule, 409). */
  'publish-auction': ['owner-admin'],
  /** After completion the owner rates the company that carried it (decision 026); ratings show on its bids. */
  'rate-carrier': ['owner-admin'],
  /**
   * The delivery's thread in the inbox (decision 031): between the offices of the owner and of the carrier; not the
   * drivers (they talk to their office through notes).
   */
  message: ['owner-admin', 'carrier-admin'],
};

const hasRole = (m: ActorMembership, role: CompanyRoleSlug) => m.roles.includes(role);
const membershipIn = (actor: Actor, companyId: string | null) =>
  companyId === null ? undefined : actor.memberships.find((m) => m.companyId === companyId);

export function companyRelations(actor: Actor, subject: CompanySubject): CompanyRelation[] {
  const m = membershipIn(actor, subject.companyId);
  if (!m) return [];
  const out: CompanyRelation[] = [];
  if (hasRole(m, 'company-admin')) out.push('company-admin');
  if (hasRole(m, 'driver')) out.push('company-driver');
  if (hasRole(m, 'company-admin') && m.companyTypeSlug === 'courier') out.push('courier-admin');
  return out;
}

export function auctionRelations(actor: Actor, subject: AuctionSubject): AuctionRelation[] {
  const out: AuctionRelation[] = [];
  const admins = actor.memberships.filter((m) => hasRole(m, 'company-admin'));
  if (admins.some((m) => m.companyId === subject.ownerCompanyId)) out.push('owner-admin');
  if (admins.some((m) => subject.bidderCompanyIds.includes(m.companyId))) out.push('bidder-admin');
  const courier = admins.some(
    (m) => m.companyTypeSlug === 'courier' && m.companyId !== subject.ownerCompanyId,
  );
  if (courier && subject.state === 'open') out.push('courier-admin');
  return out;
}

export function deliveryRelations(actor: Actor, subject: DeliverySubject): DeliveryRelation[] {
  const out: DeliveryRelation[] = [];
  const carrierId = subject.carrierCompanyId === subject.ownerCompanyId ? null : subject.carrierCompanyId;
  const owner = membershipIn(actor, subject.ownerCompanyId);
  const carrier = membershipIn(actor, carrierId);
  if (owner && hasRole(owner, 'company-admin')) {
    out.push('owner-admin');
    if (carrierId === null) out.push('running-admin');
  }
  if (carrier && hasRole(carrier, 'company-admin')) out.push('carrier-admin', 'running-admin');
  const drivesForIt = [owner, carrier].some((m) => m !== undefined && hasRole(m, 'driver'));
  if (drivesForIt && actor.userId !== null && subject.assignedDriverIds.includes(actor.userId))
    out.push('assigned-driver');
  return out;
}

export function noteRelations(actor: Actor, subject: NoteSubject): NoteRelation[] {
  const out: NoteRelation[] = [];
  if (actor.userId !== null && actor.userId === subject.authorUserId) out.push('author');
  const member = membershipIn(actor, subject.companyId);
  if (member && hasRole(member, 'company-admin')) out.push('company-admin');
  return out;
}

/**
 * A delivery's thread asks the delivery (a carrier that no longer carries it loses the thread, whatever rows it has
 * there); a company conversation asks for an admin of its company among its people.
 */
export function conversationRelations(actor: Actor, subject: ConversationSubject): ConversationRelation[] {
  if (subject.delivery !== null) return can(actor, 'message', subject.delivery) ? ['delivery-messenger'] : [];
  const member = membershipIn(actor, subject.companyId);
  const named = actor.userId !== null && subject.participantUserIds.includes(actor.userId);
  return member && hasRole(member, 'company-admin') && named ? ['participant'] : [];
}

export function platformRelations(actor: Actor): PlatformRelation[] {
  return actor.isPlatformAdmin ? ['platform-admin'] : [];
}

export type Subject =
  CompanySubject | DeliverySubject | AuctionSubject | NoteSubject | ConversationSubject | PlatformSubject;
export type ActionOf<S extends Subject> = S extends DeliverySubject
  ? DeliveryAction
  : S extends AuctionSubject
    ? AuctionAction
    : S extends NoteSubject
      ? NoteAction
      : S extends ConversationSubject
        ? ConversationAction
        : S extends PlatformSubject
          ? PlatformAction
          : CompanyAction;

/**
 * What an API key's scopes let it do of what its company's admin may (decision 065). A key reads a delivery with any
 * delivery scope (its positions are the delivery's), changes one with `deliveries:write`, and reaches its company's
 * records only through the calls API_KEY_CALLS opens to keys (`manage` is the tenancy hook's question on every company
 * route). Auctions, notes, conversations and the platform are people's business: never a key's.
 */
export const API_KEY_ACTIONS: Readonly<Record<ApiKeyScope, readonly string[]>> = {
  'deliveries:read': [
    'company:manage',
    'delivery:read',
    'delivery:share-tracking',
    'delivery:read-handover-pin',
  ],
  'deliveries:write': [
    'company:manage',
    'delivery:read',
    'delivery:edit',
    'delivery:cancel',
    'delivery:move',
    'delivery:plan',
    'delivery:assign',
  ],
  'positions:read': ['company:manage', 'delivery:read'],
  'webhooks:manage': ['company:manage'],
};

export function keyAllows(scopes: readonly ApiKeyScope[], subject: Subject, action: string): boolean {
  const wanted = `${subject.kind}:${action}`;
  return scopes.some((scope) => API_KEY_ACTIONS[scope].includes(wanted));
}

/** Whether the actor may do `action` to `subject`: one of the actor's relations to it is in the matrix row. */
export function can<S extends Subject>(actor: Actor, action: ActionOf<S>, subject: S): boolean {
  if (actor.apiKey && !keyAllows(actor.apiKey.scopes, subject, action)) return false;
  if (subject.kind === 'delivery') {
    const allowed = DELIVERY_MATRIX[action as DeliveryAction];
    return deliveryRelations(actor, subject).some((r) => allowed.includes(r));
  }
  if (subject.kind === 'auction') {
    const allowed = AUCTION_MATRIX[action as AuctionAction];
    return auctionRelations(actor, subject).some((r) => allowed.includes(r));
  }
  if (subject.kind === 'note') {
    const allowed = NOTE_MATRIX[action as NoteAction];
    return noteRelations(actor, subject).some((r) => allowed.includes(r));
  }
  if (subject.kind === 'conversation') {
    const allowed = CONVERSATION_MATRIX[action as ConversationAction];
    return conversationRelations(actor, subject).some((r) => allowed.includes(r));
  }
  if (subject.kind === 'platform') {
    const allowed = PLATFORM_MATRIX[action as PlatformAction];
    return platformRelations(actor).some((r) => allowed.includes(r));
  }
  const allowed = COMPANY_MATRIX[action as CompanyAction];
  return companyRelations(actor, subject).some((r) => allowed.includes(r));
}

/** Whether the subject exists for the actor at all: a stranger is told nothing (404), a party is told no (403). */
export function knows(actor: Actor, subject: Subject): boolean {
  if (subject.kind === 'delivery') return can(actor, 'read', subject);
  if (subject.kind === 'auction') return can(actor, 'read', subject);
  // Everyone knows the platform exists: someone who is not its operator is told no (403), not "not found".
  if (subject.kind === 'platform') return true;
  // A note the caller could read (its record's question) is known to them: changing another's is a no (403).
  if (subject.kind === 'note') return true;
  // A delivery's thread is known to whoever knows its delivery (a party the `message` row leaves out is told no, 403);
  // a company conversation only to its people: an admin of its company who is not in it is told nothing (404), as
  // with a user's own records.
  if (subject.kind === 'conversation')
    return subject.delivery ? knows(actor, subject.delivery) : can(actor, 'read', subject);
  return companyRelations(actor, subject).length > 0;
}

/** The parts of the status machine the actor plays on this delivery: an admin of a party, its assigned driver. */
export function statusActorsOf(actor: Actor, subject: DeliverySubject): Exclude<StatusActor, 'system'>[] {
  const relations = deliveryRelations(actor, subject);
  const out: Exclude<StatusActor, 'system'>[] = [];
  if (relations.includes('owner-admin') || relations.includes('carrier-admin')) out.push('company-admin');
  if (relations.includes('assigned-driver')) out.push('driver');
  return out;
}

/**
 * The matrix's action for one status move: the machine tags each move a user makes (`move`, `plan` or `cancel`);
 * a move no user makes, or none at all, has none (the machine refuses it, with its reason). Typed as the matrix's
 * action, so the machine cannot tag a move with an action the matrix does not have.
 */
export function statusMoveAction(from: LiveStatus, to: LiveStatus): DeliveryAction | undefined {
  return liveMoveAction(from, to);
}

/**
 * The spec's `nextStatusOptions` for this actor: the machine's moves for the parts they play, each kept only where
 * the matrix gives them the move's action (a carrier's admin works the delivery but neither plans nor cancels it).
 */
export function statusOptionsFor(actor: Actor, subject: DeliverySubject, from: LiveStatus) {
  const options = nextStatusOptions(from, statusActorsOf(actor, subject));
  const user = options.user.filter((to) => {
    const action = statusMoveAction(from, to);
    return action !== undefined && can(actor, action, subject);
  });
  return { user, system: options.system };
}
