import { placeCalls } from '@courier/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { GeocoderError, type Geocoder } from '../../lib/geocoding/geocoder.js';
import { registerCall } from '../../lib/route.js';
import { reversePlace, searchPlaces } from './places.service.js';

/** Address searches a client may make a minute: a person typing, with the web app's pause between keystrokes. */
const SEARCHES_PER_MINUTE = 60;
const REVERSES_PER_MINUTE = 30;

/** What a person is told when the geocoder cannot answer: the address can still be saved, and is placed later. */
function unavailable(error: GeocoderError): AppError {
  return new AppError(
    503,
    'geocoder_unavailable',
    error.failure === 'rate-limited'
      ? 'The address search is busy. Try again in a moment, or type the address: it is placed on the map later.'
      : 'The address search is not answering. Type the address: it is saved and placed on the map later.',
  );
}

async function answering<T>(ask: () => Promise<T>): Promise<T> {
  try {
    return await ask();
  } catch (error) {
    if (error instanceof GeocoderError) throw unavailable(error);
    throw error;
  }
}

/** The address search and reverse lookup (decision 060), through the cache and at the provider's rate. */
export function placesRoutes(app: FastifyInstance, geocoder: Geocoder): void {
  const db = app.database.db;
  registerCall(app, placeCalls.getPlacesConfig, () =>
    Promise.resolve({
      data: {
        provider: geocoder.provider,
        autocomplete: geocoder.autocomplete,
        attribution: geocoder.attribution,
      },
    }),
  );

  registerCall(
    app,
    placeCalls.searchPlaces,
    async ({ query, reply }) => {
      const abort = new AbortController();
      // A search the user has typed past is cancelled by the browser: stop asking the provider for it too.
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) abort.abort();
      });
      const near =
        query.nearLat !== undefined && query.nearLng !== undefined
          ? { lat: query.nearLat, lng: query.nearLng }
          : undefined;
      const places = await answering(() =>
        searchPlaces(db, geocoder, { text: query.q, country: query.country, near, limit: 5 }, abort.signal),
      );
      return { data: places };
    },
    { rateLimit: { max: SEARCHES_PER_MINUTE } },
  );

  registerCall(
    app,
    placeCalls.reversePlace,
    async ({ query }) => ({
      data: await answering(() => reversePlace(db, geocoder, { lat: query.lat, lng: query.lng })),
    }),
    { rateLimit: { max: REVERSES_PER_MINUTE } },
  );
}
