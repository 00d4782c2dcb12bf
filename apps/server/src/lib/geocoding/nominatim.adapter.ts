import type { Place } from '@courier/contract';
import { getJson, GeocoderError, placeFrom, type Geocoder, type HttpOptions } from './geocoder.js';

export const NOMINATIM_PUBLIC_URL = 'https://nominatim.openstreetmap.org';

interface NominatimResult {
  lat?: unknown;
  lon?: unknown;
  name?: unknown;
  address?: Record<string, unknown>;
}

function nominatimPlace(r: NominatimResult): Place | null {
  const a = r.address ?? {};
  return placeFrom({
    name: r.name,
    housenumber: a.house_number,
    street: a.road ?? a.pedestrian ?? a.footway ?? a.square,
    city: a.city ?? a.town ?? a.village ?? a.hamlet ?? a.suburb ?? a.municipality,
    county: a.county ?? a.state_district ?? a.state,
    postcode: a.postcode,
    countryCode: a.country_code,
    country: a.country,
    lat: r.lat,
    lng: r.lon,
  });
}

/** Nominatim's `jsonv2` search answer (an array) in our shape. */
export function nominatimPlaces(body: unknown): Place[] {
  if (!Array.isArray(body))
    throw new GeocoderError('bad-answer', 'Nominatim answered something other than a list');
  return (body as NominatimResult[]).flatMap((r) => {
    const place = nominatimPlace(r);
    return place ? [place] : [];
  });
}

/**
 * Nominatim (https://nominatim.org/release-docs/latest/api/Overview/): `/search?q=&format=jsonv2&addressdetails=1`,
 * `/reverse?lat=&lon=&format=jsonv2`. The public server's policy (https://operations.osmfoundation.org/policies/
 * nominatim/) forbids search-as-you-type, allows one request a second at most and wants an identifying User-Agent:
 * against it, suggestions come only on an explicit search and the rate is capped at 1. A self-hosted server may do
 * both.
 */
export function nominatimGeocoder(
  baseUrl: string,
  http: HttpOptions & { ratePerSecond?: number | undefined },
): Geocoder {
  const base = baseUrl.replace(/\/$/, '');
  const isPublic = base === NOMINATIM_PUBLIC_URL;
  const wanted = http.ratePerSecond ?? (isPublic ? 1 : 20);
  return {
    provider: 'nominatim',
    autocomplete: !isPublic,
    attribution: 'Search by Nominatim, data © OpenStreetMap contributors',
    ratePerSecond: isPublic ? Math.min(1, wanted) : wanted,
    async search(query, signal) {
      const url = new URL(`${base}/search`);
      url.searchParams.set('q', query.text);
      url.searchParams.set('format', 'jsonv2');
      url.searchParams.set('addressdetails', '1');
      url.searchParams.set('limit', String(query.limit ?? 5));
      url.searchParams.set('accept-language', 'en');
      if (query.country) url.searchParams.set('countrycodes', query.country.toLowerCase());
      if (query.near) {
        // A box of about 50 km around the point ranks its places first without excluding the others.
        const d = 0.5;
        const { lat, lng } = query.near;
        url.searchParams.set('viewbox', [lng - d, lat + d, lng + d, lat - d].join(','));
      }
      return nominatimPlaces(await getJson(url, http, signal));
    },
    async reverse(point, signal) {
      const url = new URL(`${base}/reverse`);
      url.searchParams.set('lat', String(point.lat));
      url.searchParams.set('lon', String(point.lng));
      url.searchParams.set('format', 'jsonv2');
      url.searchParams.set('addressdetails', '1');
      url.searchParams.set('accept-language', 'en');
      const body = (await getJson(url, http, signal)) as NominatimResult & { error?: unknown };
      if (body === null || typeof body !== 'object')
        throw new GeocoderError('bad-answer', 'Nominatim answered something other than an object');
      // "Unable to geocode" (the sea, a desert) is no place, not a failure.
      if (body.error !== undefined) return null;
      return nominatimPlace(body);
    },
  };
}
