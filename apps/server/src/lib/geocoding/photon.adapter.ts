import type { Place } from '@courier/contract';
import { getJson, GeocoderError, placeFrom, type Geocoder, type HttpOptions } from './geocoder.js';

export const PHOTON_PUBLIC_URL = 'https://photon.komoot.io';

interface PhotonFeature {
  geometry?: { coordinates?: unknown[] };
  properties?: Record<string, unknown>;
}

/** Photon's answer (GeoJSON, `properties` named after OpenStreetMap's tags) in our shape. */
export function photonPlaces(body: unknown): Place[] {
  const features = (body as { features?: unknown } | null)?.features;
  if (!Array.isArray(features)) throw new GeocoderError('bad-answer', 'Photon answered without features');
  return (features as PhotonFeature[]).flatMap((f) => {
    const p = f.properties ?? {};
    const [lng, lat] = f.geometry?.coordinates ?? [];
    const place = placeFrom({
      name: p.name,
      housenumber: p.housenumber,
      street: p.street,
      city: p.city ?? p.town ?? p.village ?? p.district ?? p.locality,
      county: p.county ?? p.state,
      postcode: p.postcode,
      countryCode: p.countrycode,
      country: p.country,
      lat,
      lng,
    });
    return place ? [place] : [];
  });
}

/**
 * Photon (komoot's OpenStreetMap geocoder, https://github.com/komoot/photon): `/api?q=` with a point to rank by
 * (`lat`, `lon`), `/reverse?lat=&lon=`. Built for search-as-you-type; the public server asks for fair use.
 */
export function photonGeocoder(
  baseUrl: string,
  http: HttpOptions & { ratePerSecond?: number | undefined },
): Geocoder {
  const base = baseUrl.replace(/\/$/, '');
  const isPublic = base === PHOTON_PUBLIC_URL;
  return {
    provider: 'photon',
    autocomplete: true,
    attribution: 'Search by Photon (komoot), data © OpenStreetMap contributors',
    ratePerSecond: http.ratePerSecond ?? (isPublic ? 2 : 20),
    async search(query, signal) {
      const url = new URL(`${base}/api`);
      url.searchParams.set('q', query.text);
      url.searchParams.set('limit', String(query.limit ?? 5));
      url.searchParams.set('lang', 'en');
      if (query.near) {
        url.searchParams.set('lat', String(query.near.lat));
        url.searchParams.set('lon', String(query.near.lng));
      }
      const places = photonPlaces(await getJson(url, http, signal));
      // Photon has no country filter: the country's places come first, the others after.
      return query.country ? rankCountryFirst(places, query.country) : places;
    },
    async reverse(point, signal) {
      const url = new URL(`${base}/reverse`);
      url.searchParams.set('lat', String(point.lat));
      url.searchParams.set('lon', String(point.lng));
      url.searchParams.set('lang', 'en');
      return photonPlaces(await getJson(url, http, signal))[0] ?? null;
    },
  };
}

export function rankCountryFirst(places: Place[], country: string): Place[] {
  return [
    ...places.filter((p) => p.countryCode === country),
    ...places.filter((p) => p.countryCode !== country),
  ];
}
