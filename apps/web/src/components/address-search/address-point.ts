import type { Place, Placement } from '@courier/contract';

/**
 * The point an address form keeps beside its fields: a picked suggestion's, coordinates typed by hand, or none
 * (empty coordinates: the server places the address after saving, decision 060).
 */
export interface PointValues {
  lat: number | string;
  lng: number | string;
  /** Where the point came from; empty when there is none. */
  placement: Placement | '';
  /** The picked place in one line, for "On the map: …". */
  placeLabel: string;
}

export const noPoint = (): PointValues => ({ lat: '', lng: '', placement: '', placeLabel: '' });

const coordinate = (v: number | string): number | undefined => {
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (v.trim() === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
};

/** The kept point, or null when the form has none (or only half of one). */
export function keptPoint(v: PointValues): { lat: number; lng: number } | null {
  const lat = coordinate(v.lat);
  const lng = coordinate(v.lng);
  return lat === undefined || lng === undefined ? null : { lat, lng };
}

const given = (v: number | string) => (typeof v === 'number' ? !Number.isNaN(v) : v.trim() !== '');
const asGiven = (v: number | string) => coordinate(v) ?? v;

/**
 * The point as an address body carries it: the coordinates given, as numbers (one alone, or text that is no number,
 * is sent too, so the contract reports it on its field) and, with both, how they were chosen.
 */
export function pointBody(v: PointValues): {
  lat?: number | string;
  lng?: number | string;
  placement?: Placement;
} {
  return {
    ...(given(v.lat) ? { lat: asGiven(v.lat) } : {}),
    ...(given(v.lng) ? { lng: asGiven(v.lng) } : {}),
    ...(given(v.lat) && given(v.lng) && v.placement ? { placement: v.placement } : {}),
  };
}

/** Every field a picked place fills; a form takes those it has (not all ask for a second line or a county). */
export function placeValues(place: Place) {
  return {
    line1: place.line1,
    line2: place.line2 ?? '',
    city: place.city,
    county: place.county ?? '',
    postcode: place.postcode,
    countryCode: place.countryCode,
    lat: place.lat,
    lng: place.lng,
    placement: 'suggestion' as const,
    placeLabel: place.label,
  };
}

/** The fields whose change makes a picked point wrong: the address is then placed again after saving. */
export const PLACED_BY_FIELDS = ['line1', 'city', 'postcode', 'countryCode'] as const;

/**
 * A stored address's point as form values, so that saving it unchanged keeps its status: a point the geocoder found
 * is sent back as a suggestion's (`placed`), one set by hand as `hand` (`manual`).
 */
export function storedPoint(
  location: { lat: number; lng: number } | null | undefined,
  placeStatus: string | undefined,
  label: string,
): PointValues {
  if (!location) return noPoint();
  return {
    lat: location.lat,
    lng: location.lng,
    placement: placeStatus === 'placed' ? 'suggestion' : 'hand',
    placeLabel: label,
  };
}
