import {
  AUCTION_REFUSALS,
  auctionStateAt,
  can,
  knows,
  type Actor,
  type AuctionAction,
  type AuctionState,
  type AuctionSubject,
} from '@courier/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { noteAsked } from '../db/request-scope.js';
import { auctions, bids } from '../db/schema/index.js';
import { forbidden, notFound } from '../lib/app-error.js';

export type AuctionRow = typeof auctions.$inferSelect;

declare const granted: unique symbol;

/**
 * Proof that the policy let an actor do one action to one auction (decision 026), as `DeliveryAccess` is for a
 * delivery: the marketplace's services take one, so no auction is read or changed without the question.
 */
export interface AuctionAccess {
  readonly auction: AuctionRow;
  readonly actor: Actor;
  readonly action: AuctionAction;
  readonly subject: AuctionSubject;
  /** The state at the moment the policy was asked (the clock closes auctions). */
  readonly state: AuctionState;
  readonly [granted]: true;
}

/**
 * Loads an auction with the companies that bid on it and asks the policy: 404 when it does not exist for the actor
 * (a shipper that is not its owner, a courier once it has closed without its bid), 403 when they know it but may
 * not do this. `forUpdate` locks the auction row for the caller's transaction: awards, withdrawals and bids on one
 * auction take turns.
 */
export async function auctionAccess(
  db: DbOrTx,
  actor: Actor,
  action: AuctionAction,
  auctionId: string,
  opts: { forUpdate?: boolean } = {},
): Promise<AuctionAccess> {
  const query = db.select().from(auctions).where(eq(auctions.id, auctionId)).limit(1);
  const [auction] = opts.forUpdate ? await query.for('update') : await query;
  if (!auction) throw notFound('Auction');
  const bidders = await db
    .select({ companyId: bids.companyId })
    .from(bids)
    .where(eq(bids.auctionId, auction.id));
  const state = auctionStateAt(auction);
  const subject: AuctionSubject = {
    kind: 'auction',
    ownerCompanyId: auction.ownerCompanyId,
    bidderCompanyIds: bidders.map((b) => b.companyId),
    state,
  };
  if (!can(actor, action, subject)) {
    if (!knows(actor, subject)) throw notFound('Auction');
    // The words are the policy's, beside its matrix (issue 31): this helper only loads and asks.
    throw forbidden(AUCTION_REFUSALS[action]);
  }
  // A keyed write's answer is replayed only to whom the policy still lets read this auction (decision 057).
  if (actor.userId) noteAsked(actor.userId, { kind: 'auction', id: auction.id });
  return { auction, actor, action, subject, state } as unknown as AuctionAccess;
}
