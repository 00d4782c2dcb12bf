import { z } from 'zod';
import { defineCall } from '../api/define-call.js';
import { CountryCodeSchema } from '../common.js';
import { PLACE_SEARCH_MIN_LENGTH, PlaceSchema, PlacesConfigSchema } from './places.entities.js';

const coordinate = (min: number, max: number) => z.coerce.number().min(min).max(max);

export const PlaceSearchQuerySchema = z
  .object({
    q: z.string().trim().min(PLACE_SEARCH_MIN_LENGTH, 'Type at least 3 characters').max(200),
    /** Rank places of this country first. */
    country: z.string().trim().toUpperCase().pipe(CountryCodeSchema).optional(),
    /** Rank places near this point first (the company's depot, the map's centre). */
    nearLat: coordinate(-90, 90).optional(),
    nearLng: coordinate(-180, 180).optional(),
  })
  .refine((q) => (q.nearLat === undefined) === (q.nearLng === undefined), {
    message: 'Give both nearLat and nearLng, or neither',
    path: ['nearLat'],
  });
export type PlaceSearchQuery = z.input<typeof PlaceSearchQuerySchema>;

export const ReversePlaceQuerySchema = z.object({ lat: coordinate(-90, 90), lng: coordinate(-180, 180) });

export const placeCalls = {
  getPlacesConfig: defineCall({
    method: 'GET',
    path: '/places/config',
    summary: 'Which geocoder answers the address search, and whether it may suggest as one types',
    data: PlacesConfigSchema,
  }),
  searchPlaces: defineCall({
    method: 'GET',
    path: '/places/search',
    summary: 'Addresses matching a text, best first (an empty list when the geocoder knows none)',
    query: PlaceSearchQuerySchema,
    data: z.array(PlaceSchema),
  }),
  reversePlace: defineCall({
    method: 'GET',
    path: '/places/reverse',
    summary: 'The address nearest a point (null when none is known)',
    query: ReversePlaceQuerySchema,
    data: PlaceSchema.nullable(),
  }),
};
