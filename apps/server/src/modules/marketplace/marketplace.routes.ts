import { auctionCalls } from '@courier/contract';
import type { FastifyInstance } from 'fastify';
import { auctionAccess } from '../../access/auction-access.js';
import { companyActor } from '../../access/actor.js';
import { registerDeliveryCall } from '../../access/delivery-call.js';
import { paginationMeta } from '../../lib/pagination.js';
import { registerCall } from '../../lib/route.js';
import { tenantOf } from '../../plugins/tenancy.plugin.js';
import {
  awardAuction,
  myAuctions,
  openAuctions,
  placeBid,
  publishAuction,
  bidStats,
  rateCarrier,
  readCarrierRating,
  readBidRates,
  saveBidRates,
  viewAuction,
  viewAuctions,
  withdrawAuction,
  withdrawBid,
} from './auctions.service.js';

/** The marketplace (issue 13, decision 026): auctions, bids and a courier's bid rates, all company routes. */
export function marketplaceRoutes(app: FastifyInstance): void {
  const db = app.database.db;
  /** After a change, the auction as the caller's company now sees it. */
  const viewAfter = async (request: Parameters<typeof companyActor>[0], auctionId: string) =>
    viewAuction(db, await auctionAccess(db, companyActor(request), 'read', auctionId));

  registerDeliveryCall(app, auctionCalls.publishAuction, async ({ request, access, body }) => {
    const row = await publishAuction(db, app.routeEstimator, access, body);
    const [view] = await viewAuctions(db, tenantOf(request).companyId, [row]);
    return { data: view!, message: 'The delivery is open for bids.' };
  });

  registerCall(app, auctionCalls.getMyAuctions, async ({ request, query }) => {
    const { data, total } = await myAuctions(db, tenantOf(request).companyId, query);
    return { data, meta: paginationMeta(query, total) };
  });

  registerCall(app, auctionCalls.getOpenAuctions, async ({ request, query }) => {
    const { data, total } = await openAuctions(db, tenantOf(request).companyId, query);
    return { data, meta: paginationMeta(query, total) };
  });

  registerCall(app, auctionCalls.getAuction, async ({ request, params }) => ({
    data: await viewAuction(db, await auctionAccess(db, companyActor(request), 'read', params.auctionUuid)),
  }));

  registerCall(app, auctionCalls.withdrawAuction, async ({ request, params }) => {
    await withdrawAuction(db, companyActor(request), params.auctionUuid);
    return { data: await viewAfter(request, params.auctionUuid), message: 'The auction was withdrawn.' };
  });

  registerCall(app, auctionCalls.awardAuction, async ({ request, params, body }) => {
    await awardAuction(db, companyActor(request), params.auctionUuid, body.bidUuid);
    return { data: await viewAfter(request, params.auctionUuid), message: 'The bid was accepted.' };
  });

  registerCall(app, auctionCalls.putMyBid, async ({ request, params, body }) => {
    await placeBid(db, companyActor(request), params.auctionUuid, body);
    return { data: await viewAfter(request, params.auctionUuid), message: 'Your bid is in.' };
  });

  registerCall(app, auctionCalls.withdrawMyBid, async ({ request, params }) => {
    await withdrawBid(db, companyActor(request), params.auctionUuid);
    return { data: await viewAfter(request, params.auctionUuid), message: 'Your bid was withdrawn.' };
  });

  registerCall(app, auctionCalls.getBidStats, async ({ request, query }) => ({
    data: await bidStats(db, tenantOf(request).companyId, query),
  }));

  registerDeliveryCall(app, auctionCalls.getCarrierRating, async ({ access }) => ({
    data: await readCarrierRating(db, access),
  }));

  registerDeliveryCall(app, auctionCalls.rateCarrier, async ({ access, body }) => {
    return { data: await rateCarrier(db, access, body), message: 'Thank you for rating the carrier.' };
  });

  registerCall(app, auctionCalls.getBidRates, async ({ request }) => ({
    data: await readBidRates(db, tenantOf(request).companyId),
  }));

  registerCall(app, auctionCalls.putBidRates, async ({ request, body }) => {
    return { data: await saveBidRates(db, tenantOf(request).companyId, body), message: 'Bid rates saved.' };
  });
}
