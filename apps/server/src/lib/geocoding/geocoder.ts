import type { GeocoderProvider, Place } from '@courier/contract';
import type { Point } from '../routing/routing.js';

/** What is asked of a geocoder: free text, ranked by a country and a point when known. */
export interface GeocodeQuery {
  text: string;
  /** ISO 3166-1 alpha-2, upper case. */
  country?: string | undefined;
  near?: Point | undefined;
  limit?: number;
}

/**
 * One geocoder (decision 060). Answers are already in our shape (`Place`): an adapter maps its provider's JSON and
 * drops what it cannot read. A provider that is down, slow, refusing or answering garbage throws `GeocoderError`;
 * "no such place" is an empty answer, not an error.
 */
export interface Geocoder {
  provider: GeocoderProvider;
  /** Whether suggestions may be asked for as the user types (the public Nominatim forbids it). */
  autocomplete: boolean;
  /** The credit the provider asks for. */
  attribution: string;
  /** Requests per second the provider may be sent. */
  ratePerSecond: number;
  search(query: GeocodeQuery, signal?: AbortSignal): Promise<Place[]>;
  reverse(point: Point, signal?: AbortSignal): Promise<Place | null>;
}

export type GeocoderFailure = 'unavailable' | 'rate-limited' | 'bad-answer';

export class GeocoderError extends Error {
  constructor(
    readonly failure: GeocoderFailure,
    message: string,
  ) {
    super(message);
    this.name = 'GeocoderError';
  }
}

export interface HttpOptions {
  timeoutMs: number;
  userAgent: string;
}

/**
 * GETs a provider's JSON with a time-out, turning every way it can fail into a `GeocoderError`: no answer in time,
 * a refused connection, 429 or 503 (rate-limited), another status, a body that is not JSON.
 */
export async function getJson(url: URL, http: HttpOptions, signal?: AbortSignal): Promise<unknown> {
  const timeout = AbortSignal.timeout(http.timeoutMs);
  let res: Response;
  try {
    res = await fetch(url, {
      headers: { accept: 'application/json', 'user-agent': http.userAgent },
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    const timedOut = timeout.aborted;
    throw new GeocoderError(
      'unavailable',
      timedOut ? `no answer within ${http.timeoutMs} ms` : 'the geocoder could not be reached',
    );
  }
  if (res.status === 429) throw new GeocoderError('rate-limited', 'the geocoder asks us to slow down (429)');
  if (!res.ok) {
    await res.body?.cancel();
    throw new GeocoderError('unavailable', `the geocoder answered ${res.status}`);
  }
  try {
    return await res.json();
  } catch {
    throw new GeocoderError('bad-answer', 'the geocoder answered something that is not JSON');
  }
}

const asString = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : typeof v === 'number' ? String(v) : undefined;
const asNumber = (v: unknown): number | undefined => {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
};

/** The parts of an address a provider names, under our names, before they are checked and joined. */
export interface PlaceParts {
  name?: unknown;
  housenumber?: unknown;
  street?: unknown;
  city?: unknown;
  county?: unknown;
  postcode?: unknown;
  countryCode?: unknown;
  country?: unknown;
  lat?: unknown;
  lng?: unknown;
}

/**
 * Our `Place` from a provider's parts, or null when they do not make an address we could deliver to (no point, no
 * country, a point out of range). Line 1 is the house number and street, or the place's name (a station, a shop)
 * when it has no street; a named place on a street keeps its name as line 2.
 */
export function placeFrom(parts: PlaceParts): Place | null {
  const lat = asNumber(parts.lat);
  const lng = asNumber(parts.lng);
  const countryCode = asString(parts.countryCode)?.toUpperCase();
  if (lat === undefined || lng === undefined || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  if (!countryCode || !/^[A-Z]{2}$/.test(countryCode)) return null;
  const street = asString(parts.street);
  const number = asString(parts.housenumber);
  const name = asString(parts.name);
  const streetLine = street ? (number ? `${number} ${street}` : street) : undefined;
  const line1 = streetLine ?? name;
  if (!line1) return null;
  const line2 = streetLine && name && name !== street ? name : undefined;
  const city = asString(parts.city) ?? '';
  const county = asString(parts.county);
  const postcode = asString(parts.postcode) ?? '';
  const country = asString(parts.country);
  const label = [line2, line1, [city, postcode].filter(Boolean).join(' '), country ?? countryCode]
    .filter(Boolean)
    .join(', ');
  return {
    label,
    line1,
    ...(line2 ? { line2 } : {}),
    city,
    ...(county ? { county } : {}),
    postcode,
    countryCode,
    lat,
    lng,
  };
}
