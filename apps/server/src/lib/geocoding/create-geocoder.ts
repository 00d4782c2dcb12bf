import type { GeocoderProvider } from '@courier/contract';
import type { Geocoder } from './geocoder.js';
import { nominatimGeocoder, NOMINATIM_PUBLIC_URL } from './nominatim.adapter.js';
import { peliasGeocoder } from './pelias.adapter.js';
import { photonGeocoder, PHOTON_PUBLIC_URL } from './photon.adapter.js';

/** No geocoder (`GEOCODER=none`, an install with no third party): no suggestions, addresses placed by a pin. */
export const noGeocoder: Geocoder = {
  provider: 'none',
  autocomplete: false,
  attribution: '',
  ratePerSecond: 1000,
  search: () => Promise.resolve([]),
  reverse: () => Promise.resolve(null),
};

/** The configured geocoder (decision 060). Pelias has no public server, so it needs GEOCODER_URL. */
export function createGeocoder(
  config: {
    GEOCODER: GeocoderProvider;
    GEOCODER_URL?: string | undefined;
    GEOCODER_KEY?: string | undefined;
    GEOCODER_RATE?: number | undefined;
    GEOCODER_TIMEOUT_MS: number;
    appUrl: string;
  },
  version: string,
): Geocoder {
  // An identifying User-Agent, as Nominatim's policy asks of every application.
  const http = {
    timeoutMs: config.GEOCODER_TIMEOUT_MS,
    userAgent: `CourierPlatform/${version} (+${config.appUrl})`,
    ratePerSecond: config.GEOCODER_RATE,
  };
  switch (config.GEOCODER) {
    case 'photon':
      return photonGeocoder(config.GEOCODER_URL ?? PHOTON_PUBLIC_URL, http);
    case 'nominatim':
      return nominatimGeocoder(config.GEOCODER_URL ?? NOMINATIM_PUBLIC_URL, http);
    case 'pelias':
      if (!config.GEOCODER_URL)
        throw new Error('GEOCODER=pelias needs GEOCODER_URL (Pelias has no public server).');
      return peliasGeocoder(config.GEOCODER_URL, { ...http, apiKey: config.GEOCODER_KEY });
    case 'none':
      return noGeocoder;
  }
}
