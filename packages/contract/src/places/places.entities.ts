import { z } from 'zod';
import { CountryCodeSchema } from '../common.js';

/** The geocoders the server can use (docs/decisions/060-geocoding.md), `none` for an install with no third party. */
export const GEOCODER_PROVIDERS = ['photon', 'nominatim', 'pelias', 'none'] as const;
export type GeocoderProvider = (typeof GEOCODER_PROVIDERS)[number];

/**
 * Where an address's point comes from: `pending` (waiting for the geocoder, or for it to come back), `placed` (a
 * suggestion picked, or found by the geocoder), `not_found` (the geocoder knows no such address: place it by hand),
 * `manual` (a pin dropped or dragged, or coordinates typed).
 */
export const PLACE_STATUSES = ['pending', 'placed', 'not_found', 'manual'] as const;
export type PlaceStatus = (typeof PLACE_STATUSES)[number];

/** What a person is told of each status, beside the address. */
export const PLACE_STATUS_LABELS: Record<PlaceStatus, string> = {
  pending: 'Being placed on the map',
  placed: 'On the map',
  not_found: 'Not found on the map: drag the pin to place it',
  manual: 'Placed by hand',
};

/** How an address typed with a point got it: picked from the suggestions, or a pin placed by hand. */
export const PLACEMENTS = ['suggestion', 'hand'] as const;
export type Placement = (typeof PLACEMENTS)[number];

/** Shortest text the address search looks up (fewer letters match half a country). */
export const PLACE_SEARCH_MIN_LENGTH = 3;

/** A place a geocoder answered: an address's fields, a one-line label and its point. */
export const PlaceSchema = z.object({
  label: z.string(),
  line1: z.string(),
  line2: z.string().optional(),
  city: z.string(),
  county: z.string().optional(),
  postcode: z.string(),
  countryCode: CountryCodeSchema,
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});
export type Place = z.infer<typeof PlaceSchema>;

/**
 * How the web app may use the geocoder: `autocomplete` false means suggestions only on an explicit search (the
 * public Nominatim's policy), and with `none` there are no suggestions at all: addresses are placed by a pin.
 */
export const PlacesConfigSchema = z.object({
  provider: z.enum(GEOCODER_PROVIDERS),
  autocomplete: z.boolean(),
  /** The credit the provider asks for, shown under the suggestions. */
  attribution: z.string(),
});
export type PlacesConfig = z.infer<typeof PlacesConfigSchema>;
