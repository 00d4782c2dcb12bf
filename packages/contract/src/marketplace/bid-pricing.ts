import type { BidRateValues } from '../client-state.js';
import type { BidRates } from './marketplace.calls.js';

export const METRES_PER_MILE = 1609.344;

/** Straight-line metres between two points (the depot's reach is judged as the crow flies). */
export function crowFliesM(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** baseFare + costPerDistance × miles + costPerHour × hours, in minor units (rates are in major units). */
export function priceMinorOf(rates: BidRateValues, distanceM: number, durationS: number): number {
  const major =
    rates.baseFare +
    rates.costPerDistance * (distanceM / METRES_PER_MILE) +
    rates.costPerHour * (durationS / 3600);
  return Math.max(1, Math.round(major * 100));
}

/**
 * A courier's suggested price for a route (decision 026): its local rates when the pickup is within its local radius
 * of its depot, else its outlying rates. None without a depot, or when the route is priced in another currency.
 */
export function suggestPrice(
  rates: BidRates,
  route: {
    distanceM: number;
    durationS: number;
    pickup: { lat: number; lng: number } | null;
    currencyCode: string;
  },
): { priceMinor: number; band: 'local' | 'outlying' } | null {
  if (!rates.depot || !route.pickup) return null;
  if (rates.currencyCode.toUpperCase() !== route.currencyCode.toUpperCase()) return null;
  const fromDepot = crowFliesM(rates.depot, route.pickup);
  const band = fromDepot <= rates.localRadiusMiles * METRES_PER_MILE ? 'local' : 'outlying';
  return { priceMinor: priceMinorOf(rates[band], route.distanceM, route.durationS), band };
}
