export { marketplaceRoutes } from './marketplace.routes.js';
export { expireAuctionsJob } from './marketplace.jobs.js';
export { expireAuctions, placeBid, publishAuction, saveBidRates } from './auctions.service.js';
