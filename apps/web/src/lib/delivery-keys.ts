/**
 * Query keys of deliveries, shared by the deliveries and dashboard features: a write on one screen (a new delivery,
 * a status change) invalidates `deliveryKeys.all(slug)` so lists and stats elsewhere refresh.
 */
export const deliveryKeys = {
  all: (slug: string) => ['deliveries', slug] as const,
  list: (slug: string, query: Record<string, string | number | undefined>) =>
    [...deliveryKeys.all(slug), 'list', query] as const,
  stats: (slug: string, days: number, tz: string) => [...deliveryKeys.all(slug), 'stats', days, tz] as const,
  one: (slug: string, uuid: string) => [...deliveryKeys.all(slug), 'one', uuid] as const,
  part: (slug: string, uuid: string, part: string) => [...deliveryKeys.one(slug, uuid), part] as const,
  /** The active deliveries map (one answer for the screen). */
  liveMap: (slug: string) => [...deliveryKeys.all(slug), 'live-map'] as const,
  track: (slug: string, code: string) => [...deliveryKeys.all(slug), 'track', code] as const,
  people: (slug: string) => ['delivery-people', slug] as const,
  vehicles: (slug: string) => ['delivery-vehicles', slug] as const,
  addresses: (slug: string, search: string) => ['delivery-addresses', slug, search] as const,
};
