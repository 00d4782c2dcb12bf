import { describe, expect, it } from 'vitest';
import { LIVE_STATUSES, type LiveStatus } from '../deliveries/status-machine.js';
import { DELIVERY_ACTIONS, type DeliveryAction } from '../deliveries/delivery-actions.js';
import {
  AUCTION_ACTIONS,
  AUCTION_REFUSALS,
  can,
  CONVERSATION_ACTIONS,
  CONVERSATION_REFUSALS,
  knows,
  statusOptionsFor,
  type Actor,
  type ConversationSubject,
  type DeliverySubject,
} from './policy.js';

const OWNER = 'owner-co';
const CARRIER = 'carrier-co';
const OTHER = 'other-co';
const admin = (userId: string, companyId: string): Actor => ({
  userId,
  isPlatformAdmin: false,
  memberships: [{ companyId, companyTypeSlug: 'shipper', roles: ['company-admin'] }],
});
const driver = (userId: string, companyId: string): Actor => ({
  userId,
  isPlatformAdmin: false,
  memberships: [{ companyId, companyTypeSlug: 'courier', roles: ['driver'] }],
});
const carried = (assigned: string[] = ['d1']): DeliverySubject => ({
  kind: 'delivery',
  ownerCompanyId: OWNER,
  carrierCompanyId: CARRIER,
  assignedDriverIds: assigned,
});
const own = (assigned: string[] = []): DeliverySubject => ({ ...carried(assigned), carrierCompanyId: null });

/** The matrix of the access issue, written out by hand: the policy's data must say the same. */
const EXPECTED: Record<string, { actor: Actor; subject: DeliverySubject; may: DeliveryAction[] }> = {
  "owner's admin, carried delivery": {
    actor: admin('a1', OWNER),
    subject: carried(),
    may: [
      'read',
      'edit',
      'quote',
      'decide-quote',
      'cancel',
      'move',
      'plan',
      'note',
      'proof',
      'read-handover-pin',
      'share-tracking',
      'publish-auction',
      'rate-carrier',
      'message',
    ],
  },
  "owner's admin, own delivery without carrier (assigns its own vehicles)": {
    actor: admin('a1', OWNER),
    subject: own(),
    may: [
      'read',
      'edit',
      'quote',
      'decide-quote',
      'cancel',
      'move',
      'plan',
      'assign',
      'note',
      'proof',
      'read-handover-pin',
      'share-tracking',
      'publish-auction',
      'rate-carrier',
      'message',
    ],
  },
  "carrier's admin": {
    actor: admin('b1', CARRIER),
    subject: carried(),
    may: ['read', 'move', 'assign', 'note', 'proof', 'share-tracking', 'message'],
  },
  "carrier's assigned driver": {
    actor: driver('d1', CARRIER),
    subject: carried(['d1']),
    may: ['read', 'move', 'note', 'proof', 'report-location'],
  },
  "owner's assigned driver": {
    actor: driver('d2', OWNER),
    subject: own(['d2']),
    may: ['read', 'move', 'note', 'proof', 'report-location'],
  },
  'a driver of the carrier not assigned now': {
    actor: driver('d3', CARRIER),
    subject: carried(['d1']),
    may: [],
  },
  'a driver named on it but of another company': {
    actor: driver('d1', OTHER),
    subject: carried(['d1']),
    may: [],
  },
  "another company's admin": { actor: admin('c1', OTHER), subject: carried(), may: [] },
};

describe('the delivery access matrix', () => {
  for (const [who, { actor, subject, may }] of Object.entries(EXPECTED)) {
    it(`${who}: ${may.join(', ') || 'nothing'}`, () => {
      const allowed = DELIVERY_ACTIONS.filter((a) => can(actor, a, subject));
      expect(allowed).toEqual(may);
      // Whoever may do nothing does not learn the delivery exists (404); a party is refused with 403.
      expect(knows(actor, subject)).toBe(may.length > 0);
    });
  }

  it('acts only through the memberships given: an admin of both companies acting as the carrier cannot quote', () => {
    expect(can(admin('x', CARRIER), 'quote', carried())).toBe(false);
    const both: Actor = {
      ...admin('x', OWNER),
      memberships: [...admin('x', OWNER).memberships, ...admin('x', CARRIER).memberships],
    };
    expect(can(both, 'quote', carried())).toBe(true);
  });

  it("leaves cancel out of a carrier's status choices, keeps it for the owner, gives drivers the field moves", () => {
    expect(statusOptionsFor(admin('a1', OWNER), carried(), 'assigned').user).toContain('cancelled');
    expect(statusOptionsFor(admin('b1', CARRIER), carried(), 'assigned').user).toEqual([
      'en-route-to-pickup',
    ]);
    expect(statusOptionsFor(driver('d1', CARRIER), carried(['d1']), 'at-pickup').user).toEqual([
      'picked-up',
      'failed',
    ]);
    expect(statusOptionsFor(admin('c1', OTHER), carried(), 'assigned').user).toEqual([]);
  });

  it("offers the owner's admin every admin move, the carrier's admin and driver only the work (issue 31)", () => {
    const work: Partial<Record<LiveStatus, LiveStatus[]>> = {
      assigned: ['en-route-to-pickup'],
      'en-route-to-pickup': ['at-pickup', 'failed'],
      'at-pickup': ['picked-up', 'failed'],
      'picked-up': ['en-route-to-dropoff', 'failed'],
      'en-route-to-dropoff': ['at-dropoff', 'failed'],
      'at-dropoff': ['delivered', 'failed'],
      failed: ['returned'],
    };
    const owners: Partial<Record<LiveStatus, LiveStatus[]>> = {
      created: ['scheduled', 'cancelled'],
      scheduled: ['created', 'cancelled'],
      assigned: ['en-route-to-pickup', 'cancelled'],
      'en-route-to-pickup': ['at-pickup', 'failed', 'cancelled'],
      'at-pickup': ['picked-up', 'failed', 'cancelled'],
      'picked-up': ['en-route-to-dropoff', 'failed'],
      'en-route-to-dropoff': ['at-dropoff', 'failed'],
      'at-dropoff': ['delivered', 'failed'],
      delivered: ['completed'],
      failed: ['assigned', 'cancelled', 'returned'],
    };
    for (const from of LIVE_STATUSES) {
      expect(statusOptionsFor(admin('a1', OWNER), carried(), from).user, `owner at ${from}`).toEqual(
        owners[from] ?? [],
      );
      // A delivery no one else carries: its owner's admin is also the one that runs it, with the same moves.
      expect(statusOptionsFor(admin('a1', OWNER), own(), from).user, `own at ${from}`).toEqual(
        owners[from] ?? [],
      );
      expect(statusOptionsFor(admin('b1', CARRIER), carried(), from).user, `carrier at ${from}`).toEqual(
        work[from] ?? [],
      );
      expect(
        statusOptionsFor(driver('d1', CARRIER), carried(['d1']), from).user,
        `driver at ${from}`,
      ).toEqual(work[from] ?? []);
    }
    expect(can(admin('b1', CARRIER), 'plan', carried())).toBe(false);
    expect(can(admin('a1', OWNER), 'plan', carried())).toBe(true);
  });
});

describe('the note matrix (issue 31: was a check in the notes service and a copy in the web app)', () => {
  const note = (authorUserId: string) => ({ kind: 'note' as const, companyId: OWNER, authorUserId });

  it('lets its author and the company’s admins change a note, and no one else', () => {
    expect(can(admin('a1', OWNER), 'change', note('someone-else'))).toBe(true);
    expect(can(driver('d1', OWNER), 'change', note('d1'))).toBe(true);
    expect(can(driver('d1', OWNER), 'change', note('d2'))).toBe(false);
    // An admin of another company (the carrier) changes none of the owner's notes: notes are private to the company
    // that keeps them.
    expect(can(admin('b1', CARRIER), 'change', note('a1'))).toBe(false);
    expect(knows(driver('d1', OWNER), note('d2'))).toBe(true);
  });
});

describe('the conversation matrix (issue 31: was a check in the inbox server module)', () => {
  const talk = (participants: string[]): ConversationSubject => ({
    kind: 'conversation',
    companyId: OWNER,
    participantUserIds: participants,
    delivery: null,
  });
  const thread = (delivery: DeliverySubject, participants: string[] = []): ConversationSubject => ({
    kind: 'conversation',
    companyId: OWNER,
    participantUserIds: participants,
    delivery,
  });
  const allowed = (actor: Actor, subject: ConversationSubject) =>
    CONVERSATION_ACTIONS.filter((a) => can(actor, a, subject));

  it('lets the people of a company conversation read and write in it', () => {
    expect(allowed(admin('a1', OWNER), talk(['a1', 'a2']))).toEqual(['read', 'write']);
    expect(knows(admin('a1', OWNER), talk(['a1', 'a2']))).toBe(true);
  });

  it('tells an admin of the same company who is not in it nothing (404), not even that it exists', () => {
    expect(allowed(admin('a3', OWNER), talk(['a1', 'a2']))).toEqual([]);
    expect(knows(admin('a3', OWNER), talk(['a1', 'a2']))).toBe(false);
  });

  it("tells another company's admin nothing, even one named in it (a user acts through the route's company)", () => {
    expect(allowed(admin('c1', OTHER), talk(['a1']))).toEqual([]);
    expect(knows(admin('c1', OTHER), talk(['a1']))).toBe(false);
    expect(allowed(admin('a1', OTHER), talk(['a1']))).toEqual([]);
    expect(knows(admin('a1', OTHER), talk(['a1']))).toBe(false);
  });

  it('keeps drivers out: the inbox is its admins’ (decision 031), a driver named in one included', () => {
    expect(allowed(driver('d1', OWNER), talk(['a1']))).toEqual([]);
    expect(allowed(driver('d1', OWNER), talk(['a1', 'd1']))).toEqual([]);
    expect(knows(driver('d1', OWNER), talk(['a1', 'd1']))).toBe(false);
  });

  it("answers a delivery's thread with the delivery matrix's message row: owner's and carrier's admins", () => {
    expect(allowed(admin('a1', OWNER), thread(carried()))).toEqual(['read', 'write']);
    expect(allowed(admin('b1', CARRIER), thread(carried()))).toEqual(['read', 'write']);
    // A stranger company is told nothing.
    expect(allowed(admin('c1', OTHER), thread(carried()))).toEqual([]);
    expect(knows(admin('c1', OTHER), thread(carried()))).toBe(false);
  });

  it("refuses a delivery's thread to its assigned driver, who knows the delivery (403, not 404)", () => {
    expect(allowed(driver('d1', CARRIER), thread(carried(['d1'])))).toEqual([]);
    expect(knows(driver('d1', CARRIER), thread(carried(['d1'])))).toBe(true);
  });

  it('never lets a thread’s participant rows in: a carrier that no longer carries the delivery loses it', () => {
    const given = thread(own(), ['a1', 'b1']);
    expect(allowed(admin('b1', CARRIER), given)).toEqual([]);
    expect(knows(admin('b1', CARRIER), given)).toBe(false);
    expect(allowed(admin('a1', OWNER), given)).toEqual(['read', 'write']);
  });

  it('has a refusal for every action', () => {
    for (const action of CONVERSATION_ACTIONS) expect(CONVERSATION_REFUSALS[action]).toMatch(/\S/);
  });
});

describe('the auction refusals', () => {
  it('has one for every action of the auction matrix', () => {
    for (const action of AUCTION_ACTIONS) expect(AUCTION_REFUSALS[action]).toMatch(/\S/);
  });
});
