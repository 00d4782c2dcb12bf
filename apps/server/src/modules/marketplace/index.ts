export { marketplaceRoutes, startAuctionSweeper } from './marketplace.routes.js';
export { expireAuctions, placeBid, publishAuction, saveBidRates } from './auctions.service.js';
