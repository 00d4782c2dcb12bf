import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addresses, geocodeCache } from '../../db/schema/index.js';
import { loadConfig } from '../../config/env.js';
import { createGeocoder } from '../../lib/geocoding/create-geocoder.js';
import { GeocoderError } from '../../lib/geocoding/geocoder.js';
import { nominatimGeocoder, NOMINATIM_PUBLIC_URL } from '../../lib/geocoding/nominatim.adapter.js';
import { peliasGeocoder } from '../../lib/geocoding/pelias.adapter.js';
import { photonGeocoder } from '../../lib/geocoding/photon.adapter.js';
import { twoCompanies } from '../../test/company-fixture.js';
import { startFakeGeocoder, type FakeGeocoder } from '../../test/fake-geocoder.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { databaseCounters } from '../../plugins/rate-limit.queries.js';
import { pacedGeocoder } from './places.pacer.js';
import { normaliseText } from './places.service.js';

let fake: FakeGeocoder;
// Generous: a busy machine (issue 39) must not turn a slow answer of the fake into a failure.
const http = { timeoutMs: 5_000, userAgent: 'CourierPlatform/test (+http://localhost)' };

beforeAll(async () => {
  fake = await startFakeGeocoder();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.mode = 'ok';
  fake.slowMs = 8_000;
});

describe('geocoder adapters, against the real JSON formats', () => {
  const camden = {
    line1: '30 Camden High Street',
    city: 'London',
    postcode: 'NW1 0JH',
    countryCode: 'GB',
    lat: 51.5365,
    lng: -0.1405,
  };

  it('reads Photon, Nominatim and Pelias answers into one shape, and their reverse lookups', async () => {
    for (const geocoder of [
      photonGeocoder(fake.url, http),
      nominatimGeocoder(fake.url, http),
      peliasGeocoder(fake.url, http),
    ]) {
      const [first] = await geocoder.search({ text: '30 Camden High', country: 'GB' });
      expect(first, geocoder.provider).toMatchObject(camden);
      expect(first!.label).toContain('30 Camden High Street');
      const named = await geocoder.search({ text: 'british museum' });
      expect(named[0], geocoder.provider).toMatchObject({
        line1: 'Great Russell Street',
        line2: 'British Museum',
      });
      expect(await geocoder.reverse({ lat: 51.5364, lng: -0.1404 }), geocoder.provider).toMatchObject(camden);
      // The sea: no address there, and no error either.
      expect(await geocoder.reverse({ lat: 50, lng: -10 }), geocoder.provider).toBeNull();
      expect(await geocoder.search({ text: 'nowhere at all' }), geocoder.provider).toEqual([]);
    }
    expect(fake.requests.every((r) => r.userAgent === http.userAgent)).toBe(true);
  });

  it("sends the country and the point to rank by in each provider's own parameters", async () => {
    fake.requests.length = 0;
    await photonGeocoder(fake.url, http).search({ text: 'rivoli', near: { lat: 51.5, lng: -0.1 } });
    await nominatimGeocoder(fake.url, http).search({ text: 'rivoli', country: 'FR' });
    await peliasGeocoder(fake.url, { ...http, apiKey: 'k-123' }).search({
      text: 'rivoli',
      near: { lat: 1, lng: 2 },
    });
    const [photon, nominatim, pelias] = fake.requests;
    expect(photon!.query.get('lat')).toBe('51.5');
    expect(photon!.query.get('lon')).toBe('-0.1');
    expect(nominatim!.query.get('countrycodes')).toBe('fr');
    expect(nominatim!.query.get('format')).toBe('jsonv2');
    expect(pelias!.path).toBe('/v1/autocomplete');
    expect(pelias!.query.get('focus.point.lat')).toBe('1');
    expect(pelias!.query.get('api_key')).toBe('k-123');
  });

  it('keeps the public Nominatim to its policy: no search-as-you-type, one request a second at most', () => {
    const publicOne = nominatimGeocoder(NOMINATIM_PUBLIC_URL, { ...http, ratePerSecond: 10 });
    expect(publicOne).toMatchObject({ autocomplete: false, ratePerSecond: 1 });
    expect(nominatimGeocoder(fake.url, http).autocomplete).toBe(true);
  });

  it('turns a provider that is slow, failing, rate-limiting or talking nonsense into a GeocoderError', async () => {
    const photon = photonGeocoder(fake.url, { ...http, timeoutMs: 200 });
    const failureOf = async () => {
      try {
        await photon.search({ text: 'camden' });
      } catch (error) {
        return error instanceof GeocoderError ? error.failure : 'other';
      }
      return 'none';
    };
    fake.mode = 'slow';
    expect(await failureOf()).toBe('unavailable');
    fake.mode = 'fail';
    expect(await failureOf()).toBe('unavailable');
    fake.mode = 'rate-limit';
    expect(await failureOf()).toBe('rate-limited');
    fake.mode = 'garbage';
    expect(await failureOf()).toBe('bad-answer');
  });

  it('paces calls at the provider rate and refuses one that would wait too long', async () => {
    const paced = pacedGeocoder({ ...photonGeocoder(fake.url, http), ratePerSecond: 0.1 });
    await paced.search({ text: 'camden' });
    // The next turn is ten seconds away: refused at once as rate-limited rather than hanging a request.
    await expect(paced.search({ text: 'camden' })).rejects.toMatchObject({ failure: 'rate-limited' });
  });

  it('is chosen by configuration: Photon by default, none offline, Pelias only with its URL', () => {
    expect(loadConfig({}).GEOCODER).toBe('photon');
    expect(loadConfig({ MAP_OFFLINE: 'true' }).GEOCODER).toBe('none');
    expect(loadConfig({ MAP_OFFLINE: 'true', GEOCODER: 'nominatim' }).GEOCODER).toBe('nominatim');
    expect(() => loadConfig({ GEOCODER: 'pelias' })).toThrow(/GEOCODER_URL/);
    expect(() => loadConfig({ GEOCODER: 'google' })).toThrow(/GEOCODER/);
    expect(createGeocoder({ ...loadConfig({}), GEOCODER_URL: undefined }, '1.0').provider).toBe('photon');
  });

  it('reads one spelling of a question as the same question', () => {
    expect(normaliseText('  30 Camden High St ,London  NW1 ')).toBe(
      normaliseText('30 camden high st, london nw1'),
    );
  });
});

describe('the address search and the geocoding job', () => {
  let t: TestApp;
  let c: Awaited<ReturnType<typeof twoCompanies>>;

  beforeAll(async () => {
    t = await createTestApp({ GEOCODER: 'photon', GEOCODER_URL: fake.url, GEOCODER_TIMEOUT_MS: '3000' });
    c = await twoCompanies(t);
  });
  afterAll(() => t.close());

  const placeOf = async (id: string) =>
    (
      await t.database.db
        .select({ lat: addresses.lat, status: addresses.placeStatus, retryAt: addresses.placeRetryAt })
        .from(addresses)
        .where(eq(addresses.id, id))
    )[0]!;

  it('says which geocoder answers, and suggests addresses from the cache once asked', async () => {
    const config = await c.adminA.get('/api/v1/places/config');
    expect(config.json()).toMatchObject({ data: { provider: 'photon', autocomplete: true } });
    expect(config.json<{ data: { attribution: string } }>().data.attribution).toMatch(/OpenStreetMap/);

    fake.requests.length = 0;
    const first = await c.adminA.get(
      '/api/v1/places/search?q=221B%20Baker&country=GB&nearLat=51.5&nearLng=-0.1',
    );
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ data: [{ line1: '221B Baker Street', postcode: 'NW1 6XE' }] });
    // Another spelling of the same question: the cache answers, the provider is not asked again.
    const again = await c.adminA.get(
      '/api/v1/places/search?q=221b%20%20BAKER%20&country=gb&nearLat=51.5&nearLng=-0.1',
    );
    expect(again.json()).toEqual(first.json());
    expect(fake.requests).toHaveLength(1);
    // Signed out (sign-up's address) the search answers too.
    expect((await t.app.inject({ url: '/api/v1/places/search?q=baker' })).statusCode).toBe(200);

    const reverse = await c.adminA.get('/api/v1/places/reverse?lat=51.5238&lng=-0.1586');
    expect(reverse.json()).toMatchObject({ data: { line1: '221B Baker Street' } });
  });

  it('paces the install as a whole: a second process finds the turn taken by the first (shared counters)', async () => {
    const counters = databaseCounters(t.database.db);
    // One call in each 100 s window, counted under a key of this test's own.
    const geocoder = { ...photonGeocoder(fake.url, http), ratePerSecond: 0.01 };
    const shared = { counters, key: `geocoder:test-${randomUUID()}` };
    const processA = pacedGeocoder(geocoder, shared);
    const processB = pacedGeocoder(geocoder, shared);
    await processA.search({ text: 'camden' });
    // B's own pace would let it ask at once; the shared window says no, and it is refused rather than left hanging.
    await expect(processB.search({ text: 'camden' })).rejects.toMatchObject({ failure: 'rate-limited' });
    // Counters that do not answer leave a process to its own pace: the address is still looked up.
    const down = { add: () => Promise.reject(new Error('database down')), close: () => Promise.resolve() };
    const alone = pacedGeocoder(geocoder, { counters: down, key: shared.key });
    expect(await alone.search({ text: 'camden' })).not.toHaveLength(0);
  });

  it('answers 422 for a search too short, and 503 with what to do when the geocoder is down, never a stack', async () => {
    const short = await c.adminA.get('/api/v1/places/search?q=ab');
    expect(short.statusCode).toBe(422);
    expect(short.json()).toMatchObject({ errors: { q: ['Type at least 3 characters'] } });
    for (const mode of ['fail', 'slow', 'garbage'] as const) {
      fake.mode = mode;
      const res = await c.adminA.get(`/api/v1/places/search?q=canada%20square%20${mode}`);
      expect(res.statusCode, mode).toBe(503);
      expect(res.json<{ message: string }>().message).toMatch(
        /Type the address: it is saved and placed on the map later/,
      );
      expect(res.body).not.toMatch(/GeocoderError|at .*\.ts|fetch/);
    }
    fake.mode = 'rate-limit';
    const busy = await c.adminA.get('/api/v1/places/search?q=canada%20square%20busy');
    expect(busy.json<{ message: string }>().message).toMatch(/busy/);
  });

  it('places a directory address saved without a point, after the write, and says when none is found', async () => {
    const saved = await c.adminA.post(`${c.base}/address`, {
      line1: '1 Canada Square',
      city: 'London',
      postcode: 'E14 5AB',
      countryCode: 'GB',
    });
    expect(saved.statusCode).toBe(201);
    expect(saved.json()).toMatchObject({ data: { placeStatus: 'pending', location: null } });
    const unknown = await c.adminA.post(`${c.base}/address`, {
      line1: '99 Nowhere Lane',
      city: 'Atlantis',
      postcode: 'ZZ1',
      countryCode: 'GB',
    });
    await t.app.jobs.settle();
    const list = await c.adminA.get(`${c.base}/address?search=Canada`);
    expect(list.json()).toMatchObject({
      data: [{ placeStatus: 'placed', location: { lat: 51.5049, lng: -0.0195 } }],
    });
    expect(await placeOf(unknown.json<{ data: { uuid: string } }>().data.uuid)).toMatchObject({
      status: 'not_found',
      lat: null,
    });
  });

  it('keeps a picked suggestion as placed and a typed point as placed by hand, without asking the geocoder', async () => {
    fake.requests.length = 0;
    const picked = await c.adminA.post(`${c.base}/address`, {
      line1: '221B Baker Street',
      city: 'London',
      postcode: 'NW1 6XE',
      countryCode: 'GB',
      lat: 51.5238,
      lng: -0.1586,
      placement: 'suggestion',
    });
    expect(picked.json()).toMatchObject({ data: { placeStatus: 'placed' } });
    const typed = await c.adminA.post(`${c.base}/address`, {
      line1: 'Unit 4',
      city: 'London',
      postcode: 'E1',
      countryCode: 'GB',
      lat: 51.51,
      lng: -0.07,
    });
    expect(typed.json()).toMatchObject({ data: { placeStatus: 'manual' } });
    await t.app.jobs.settle();
    expect(fake.requests).toHaveLength(0);
  });

  it('saves an address while the geocoder is down, and places it on a later try', async () => {
    fake.mode = 'fail';
    const saved = await c.adminA.post(`${c.base}/address`, {
      line1: '10 Rue de Rivoli',
      city: 'Paris',
      postcode: '75004',
      countryCode: 'FR',
    });
    expect(saved.statusCode).toBe(201);
    const id = saved.json<{ data: { uuid: string } }>().data.uuid;
    await t.app.jobs.settle();
    const waiting = await placeOf(id);
    expect(waiting).toMatchObject({ status: 'pending', lat: null });
    expect(waiting.retryAt!.getTime()).toBeGreaterThan(Date.now());

    fake.mode = 'ok';
    // The retry comes due (here at once rather than in a minute), and the every-minute run places it.
    await t.database.db
      .update(addresses)
      .set({ placeRetryAt: new Date(0) })
      .where(eq(addresses.id, id));
    await t.app.jobs.settle();
    expect(await placeOf(id)).toMatchObject({ status: 'placed', lat: 48.8556 });
  });

  it('asks the provider once per distinct address of an import, however many rows name it', async () => {
    await t.database.db.delete(geocodeCache);
    fake.requests.length = 0;
    const rows = Array.from({ length: 30 }, (_, i) => ({
      label: `Shop ${i}`,
      line1: i % 2 ? '221B Baker Street' : '30 Camden High Street',
      city: 'London',
      postcode: i % 2 ? 'NW1 6XE' : 'NW1 0JH',
      countryCode: 'GB',
    }));
    const res = await c.adminA.post(`${c.base}/address/import`, { rows, firstRowNumber: 2 });
    expect(res.json()).toMatchObject({ data: { created: 30 } });
    await t.app.jobs.settle();
    expect(fake.requests.filter((r) => r.path === '/api')).toHaveLength(2);
    const left = await t.database.db
      .select({ line1: addresses.line1, attempts: addresses.placeAttempts, retryAt: addresses.placeRetryAt })
      .from(addresses)
      .where(eq(addresses.placeStatus, 'pending'));
    expect(left).toEqual([]);
  });

  it('gives a delivery typed without points its stops, a distance and a duration once they are placed', async () => {
    const created = await c.adminA.post(`${c.base}/delivery/create-delivery`, {
      name: 'Typed run',
      steps: [
        {
          kind: 'pickup',
          address: { line1: '30 Camden High Street', city: 'London', postcode: 'NW1 0JH', countryCode: 'GB' },
        },
        {
          kind: 'dropoff',
          address: { line1: '1 Canada Square', city: 'London', postcode: 'E14 5AB', countryCode: 'GB' },
        },
      ],
    });
    expect(created.statusCode).toBe(201);
    const delivery = created.json<{ data: { uuid: string; distanceM: number } }>().data;
    expect(delivery.distanceM).toBe(0);
    await t.app.jobs.settle();
    const after = await c.adminA.get(`${c.base}/delivery/${delivery.uuid}`);
    const body = after.json<{ data: { distanceM: number; durationS: number; originalDistanceM: number } }>()
      .data;
    expect(body.distanceM).toBeGreaterThan(10_000);
    expect(body.durationS).toBeGreaterThan(0);
    expect(body.originalDistanceM).toBe(body.distanceM);
    const steps = await c.adminA.get(`${c.base}/delivery/step?deliveryUuid=${delivery.uuid}`);
    for (const s of steps.json<{ data: { location: unknown }[] }>().data) expect(s.location).not.toBeNull();
  });

  it("moves a step's pin by hand and estimates the route again; a stranger cannot", async () => {
    const created = await c.adminA.post(`${c.base}/delivery/create-delivery`, {
      name: 'Pinned run',
      steps: [
        {
          kind: 'pickup',
          address: {
            line1: 'Yard',
            city: 'London',
            postcode: 'E1',
            countryCode: 'GB',
            lat: 51.51,
            lng: -0.07,
          },
        },
        {
          kind: 'dropoff',
          address: {
            line1: 'Gate',
            city: 'London',
            postcode: 'E2',
            countryCode: 'GB',
            lat: 51.52,
            lng: -0.07,
          },
        },
      ],
    });
    const d = created.json<{
      data: { uuid: string; distanceM: number; deliverySteps: { deliveryStepUuid: string }[] };
    }>().data;
    const stepUuid = d.deliverySteps[1]!.deliveryStepUuid;
    const path = `${c.base}/delivery/${d.uuid}/step/${stepUuid}/location`;
    const moved = await c.adminA.request('PUT', path, { lat: 51.6, lng: -0.07 });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ data: { location: { lat: 51.6, lng: -0.07 } } });
    const after = (await c.adminA.get(`${c.base}/delivery/${d.uuid}`)).json<{ data: { distanceM: number } }>()
      .data;
    expect(after.distanceM).toBeGreaterThan(d.distanceM * 5);
    expect(
      (await c.adminB.request('PUT', path.replace(c.base, c.baseB), { lat: 1, lng: 1 })).statusCode,
    ).toBe(404);
    expect((await c.adminA.request('PUT', path, { lat: 91, lng: 0 })).statusCode).toBe(422);
  });
});
