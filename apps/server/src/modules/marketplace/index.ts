export { marketplaceRoutes, startAuctionSweeper } from './marketplace.routes.js';
export { expireAuctions } from './auctions.service.js';
