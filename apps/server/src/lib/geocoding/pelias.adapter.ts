import type { Place } from '@courier/contract';
import { getJson, GeocoderError, placeFrom, type Geocoder, type HttpOptions } from './geocoder.js';
import { rankCountryFirst } from './photon.adapter.js';

interface PeliasFeature {
  geometry?: { coordinates?: unknown[] };
  properties?: Record<string, unknown>;
}

/** Pelias's GeoJSON answer in our shape (`country_code` is alpha-2 in current Pelias; `country_a` is alpha-3). */
export function peliasPlaces(body: unknown): Place[] {
  const features = (body as { features?: unknown } | null)?.features;
  if (!Array.isArray(features)) throw new GeocoderError('bad-answer', 'Pelias answered without features');
  return (features as PeliasFeature[]).flatMap((f) => {
    const p = f.properties ?? {};
    const [lng, lat] = f.geometry?.coordinates ?? [];
    const place = placeFrom({
      name: p.layer === 'address' ? undefined : p.name,
      housenumber: p.housenumber,
      street: p.street,
      city: p.locality ?? p.localadmin ?? p.borough,
      county: p.county ?? p.region,
      postcode: p.postalcode,
      countryCode: p.country_code,
      country: p.country,
      lat,
      lng,
    });
    return place ? [place] : [];
  });
}

/**
 * Pelias (https://github.com/pelias/documentation): `/v1/autocomplete` as one types, `/v1/reverse`, with
 * `focus.point.*` to rank by a point; `api_key` for hosted Pelias (geocode.earth). Self-hosted or a paid host: no
 * public default, so GEOCODER_URL is required.
 */
export function peliasGeocoder(
  baseUrl: string,
  http: HttpOptions & { ratePerSecond?: number | undefined; apiKey?: string | undefined },
): Geocoder {
  const base = baseUrl.replace(/\/$/, '');
  const withKey = (url: URL) => {
    if (http.apiKey) url.searchParams.set('api_key', http.apiKey);
    return url;
  };
  return {
    provider: 'pelias',
    autocomplete: true,
    attribution: 'Search by Pelias, data © OpenStreetMap contributors, OpenAddresses, Who’s on First',
    ratePerSecond: http.ratePerSecond ?? 10,
    async search(query, signal) {
      const url = withKey(new URL(`${base}/v1/autocomplete`));
      url.searchParams.set('text', query.text);
      url.searchParams.set('size', String(query.limit ?? 5));
      if (query.near) {
        url.searchParams.set('focus.point.lat', String(query.near.lat));
        url.searchParams.set('focus.point.lon', String(query.near.lng));
      }
      const places = peliasPlaces(await getJson(url, http, signal));
      return query.country ? rankCountryFirst(places, query.country) : places;
    },
    async reverse(point, signal) {
      const url = withKey(new URL(`${base}/v1/reverse`));
      url.searchParams.set('point.lat', String(point.lat));
      url.searchParams.set('point.lon', String(point.lng));
      url.searchParams.set('size', '1');
      return peliasPlaces(await getJson(url, http, signal))[0] ?? null;
    },
  };
}
