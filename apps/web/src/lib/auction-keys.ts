/**
 * Query keys of the marketplace (decision 026), shared by the marketplace and deliveries features and the live
 * stream: an `auction` event, a bid or an award invalidates `auctionKeys.all(slug)` so every auction screen refreshes.
 */
export const auctionKeys = {
  all: (slug: string) => ['auctions', slug] as const,
  open: (slug: string, query: Record<string, string | number | undefined>) =>
    [...auctionKeys.all(slug), 'open', query] as const,
  mine: (slug: string, query: Record<string, string | number | undefined>) =>
    [...auctionKeys.all(slug), 'mine', query] as const,
  one: (slug: string, uuid: string) => [...auctionKeys.all(slug), 'one', uuid] as const,
  stats: (slug: string, tz: string) => [...auctionKeys.all(slug), 'stats', tz] as const,
  bidRates: (slug: string) => ['bid-rates', slug] as const,
};
