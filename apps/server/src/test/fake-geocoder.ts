// A small geocoder for the tests (issue 32), speaking the documented JSON of Photon (`/api`, `/reverse`),
// Nominatim (`/search`, `/reverse?format=jsonv2`) and Pelias (`/v1/autocomplete`, `/v1/search`, `/v1/reverse`), over
// a gazetteer of a few London places, with modes that fail the way real providers do: slow, 500, 429, garbage.
// Self-contained (node: built-ins only, erasable types), so the browser tests' server start can load it as it is.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakePlace {
  name?: string;
  housenumber?: string;
  street?: string;
  city: string;
  postcode: string;
  county?: string;
  countryCode: string;
  country: string;
  lat: number;
  lng: number;
}

export const FAKE_PLACES: FakePlace[] = [
  {
    housenumber: '30',
    street: 'Camden High Street',
    city: 'London',
    postcode: 'NW1 0JH',
    countryCode: 'GB',
    country: 'United Kingdom',
    lat: 51.5365,
    lng: -0.1405,
  },
  {
    housenumber: '221B',
    street: 'Baker Street',
    city: 'London',
    postcode: 'NW1 6XE',
    countryCode: 'GB',
    country: 'United Kingdom',
    lat: 51.5238,
    lng: -0.1586,
  },
  {
    name: 'British Museum',
    street: 'Great Russell Street',
    city: 'London',
    postcode: 'WC1B 3DG',
    countryCode: 'GB',
    country: 'United Kingdom',
    lat: 51.5194,
    lng: -0.127,
  },
  {
    housenumber: '1',
    street: 'Canada Square',
    city: 'London',
    postcode: 'E14 5AB',
    countryCode: 'GB',
    country: 'United Kingdom',
    lat: 51.5049,
    lng: -0.0195,
  },
  {
    housenumber: '10',
    street: 'Rue de Rivoli',
    city: 'Paris',
    postcode: '75004',
    countryCode: 'FR',
    country: 'France',
    lat: 48.8556,
    lng: 2.3601,
  },
];

export type FakeMode = 'ok' | 'slow' | 'fail' | 'rate-limit' | 'garbage';

export interface FakeGeocoder {
  url: string;
  /** Every request's path and query, in order. */
  requests: { path: string; query: URLSearchParams; userAgent: string | undefined }[];
  mode: FakeMode;
  /** How long `slow` waits before answering. */
  slowMs: number;
  close(): Promise<void>;
}

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[\s,]+/)
    .filter(Boolean);

const haystack = (p: FakePlace) =>
  words([p.name, p.housenumber, p.street, p.city, p.postcode, p.country, p.countryCode].join(' '));

/** Places whose words hold every word typed, the last one as a prefix (one types it still). */
export function matchPlaces(text: string): FakePlace[] {
  const typed = words(text);
  if (typed.length === 0) return [];
  return FAKE_PLACES.filter((p) => {
    const hay = haystack(p);
    return typed.every((w, i) =>
      i === typed.length - 1 ? hay.some((h) => h.startsWith(w)) : hay.includes(w),
    );
  });
}

function nearest(lat: number, lng: number): FakePlace | undefined {
  const byDistance = [...FAKE_PLACES].sort(
    (a, b) => Math.hypot(a.lat - lat, a.lng - lng) - Math.hypot(b.lat - lat, b.lng - lng),
  );
  const best = byDistance[0];
  // Farther than about 50 km: nothing there (the sea).
  return best && Math.hypot(best.lat - lat, best.lng - lng) < 0.5 ? best : undefined;
}

const photonFeature = (p: FakePlace) => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [p.lng, p.lat] },
  properties: {
    osm_type: 'N',
    osm_key: p.name ? 'tourism' : 'place',
    osm_value: p.name ? 'museum' : 'house',
    type: 'house',
    ...(p.name ? { name: p.name } : {}),
    ...(p.housenumber ? { housenumber: p.housenumber } : {}),
    street: p.street,
    postcode: p.postcode,
    city: p.city,
    state: p.county ?? 'England',
    country: p.country,
    countrycode: p.countryCode,
  },
});

const nominatimResult = (p: FakePlace) => ({
  place_id: 1,
  lat: String(p.lat),
  lon: String(p.lng),
  category: 'place',
  type: 'house',
  name: p.name ?? '',
  display_name: [p.name, p.housenumber, p.street, p.city, p.postcode, p.country].filter(Boolean).join(', '),
  address: {
    ...(p.housenumber ? { house_number: p.housenumber } : {}),
    road: p.street,
    city: p.city,
    state: 'England',
    postcode: p.postcode,
    country: p.country,
    country_code: p.countryCode.toLowerCase(),
  },
});

const peliasFeature = (p: FakePlace) => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [p.lng, p.lat] },
  properties: {
    layer: p.name ? 'venue' : 'address',
    name: p.name ?? `${p.housenumber} ${p.street}`,
    ...(p.housenumber ? { housenumber: p.housenumber } : {}),
    street: p.street,
    postalcode: p.postcode,
    locality: p.city,
    region: 'England',
    country: p.country,
    country_code: p.countryCode,
    country_a: p.countryCode === 'GB' ? 'GBR' : 'FRA',
    label: [p.name, p.housenumber, p.street, p.city].filter(Boolean).join(', '),
  },
});

function answer(req: IncomingMessage): { status: number; body: unknown } {
  const url = new URL(req.url ?? '/', 'http://fake');
  const q = url.searchParams;
  const limit = Number(q.get('limit') ?? q.get('size') ?? 10);
  const lat = Number(q.get('lat') ?? q.get('point.lat'));
  const lng = Number(q.get('lon') ?? q.get('point.lon'));
  switch (url.pathname) {
    case '/api':
      return {
        status: 200,
        body: {
          type: 'FeatureCollection',
          features: matchPlaces(q.get('q') ?? '')
            .slice(0, limit)
            .map(photonFeature),
        },
      };
    case '/search': {
      const country = q.get('countrycodes')?.toUpperCase();
      const found = matchPlaces(q.get('q') ?? '').filter((p) => !country || p.countryCode === country);
      return { status: 200, body: found.slice(0, limit).map(nominatimResult) };
    }
    case '/reverse': {
      const place = nearest(lat, lng);
      if (q.get('format') === 'jsonv2')
        return { status: 200, body: place ? nominatimResult(place) : { error: 'Unable to geocode' } };
      return {
        status: 200,
        body: { type: 'FeatureCollection', features: place ? [photonFeature(place)] : [] },
      };
    }
    case '/v1/autocomplete':
    case '/v1/search':
      return {
        status: 200,
        body: {
          type: 'FeatureCollection',
          features: matchPlaces(q.get('text') ?? '')
            .slice(0, limit)
            .map(peliasFeature),
        },
      };
    case '/v1/reverse': {
      const place = nearest(lat, lng);
      return {
        status: 200,
        body: { type: 'FeatureCollection', features: place ? [peliasFeature(place)] : [] },
      };
    }
    default:
      return { status: 404, body: { message: 'not found' } };
  }
}

/** Starts the fake on a free port of 127.0.0.1. */
export async function startFakeGeocoder(opts: { port?: number } = {}): Promise<FakeGeocoder> {
  const fake: FakeGeocoder = {
    url: '',
    requests: [],
    mode: 'ok',
    slowMs: 10_000,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    fake.requests.push({ path: url.pathname, query: url.searchParams, userAgent: req.headers['user-agent'] });
    const send = () => {
      if (res.destroyed) return;
      if (fake.mode === 'fail') {
        res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error');
        return;
      }
      if (fake.mode === 'rate-limit') {
        res.writeHead(429, { 'content-type': 'text/plain', 'retry-after': '1' }).end('Too Many Requests');
        return;
      }
      if (fake.mode === 'garbage') {
        res.writeHead(200, { 'content-type': 'application/json' }).end('<html>Maintenance</html>');
        return;
      }
      const { status, body } = answer(req);
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (fake.mode === 'slow') setTimeout(send, fake.slowMs).unref();
    else send();
  });
  // A slow answer must not hold the tests' close.
  server.on('connection', (socket) => socket.unref());
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
