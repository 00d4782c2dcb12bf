import { TRACKING } from '@courier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointAt, positionsWorld } from '../../test/positions-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** The recipient's tracking token and the public page: what each status shows, and what it never shows. */
let t: TestApp;
let w: Awaited<ReturnType<typeof positionsWorld>>;
type Tracking = {
  status: string;
  timeline: { status: string; at: string }[];
  dropoff: { city: string; postcode: string } | null;
  driverFirstName: string | null;
  eta: { arriveAt: string; earliestAt: string; latestAt: string; arriving: boolean } | null;
  driverPosition: { lat: number; lng: number } | null;
};

const stop = (kind: string, lat: number, postcode: string) => ({
  kind,
  address: { line1: `7 Secret ${kind} Rd`, city: 'London', postcode, countryCode: 'GB', lat, lng: -0.1 },
});

async function tokenOf(deliveryUuid: string) {
  const res = await w.shipperAdmin.agent.get(`${w.shipperBase}/delivery/${deliveryUuid}`);
  return res.json<{ data: { trackingToken: string } }>().data.trackingToken;
}
const track = async (token: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/track/${token}` });
  return { res, data: res.statusCode === 200 ? res.json<{ data: Tracking }>().data : undefined };
};

beforeAll(async () => {
  t = await createTestApp();
  w = await positionsWorld(t);
});
afterAll(() => t.close());

describe('the tracking token', () => {
  it("is shown to the owner's and the carrier's admins, unguessably long, and not to the driver", async () => {
    const d = await w.carried(w.driver.id);
    const token = await tokenOf(d.uuid);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    const carrier = await w.courierAdmin.agent.get(`${w.courierBase}/delivery/${d.uuid}`);
    expect(carrier.json<{ data: { trackingToken: string } }>().data.trackingToken).toBe(token);
    const driver = await w.driver.agent.get(`/api/v1/driver/delivery/${d.uuid}`);
    expect(driver.json<{ data: { trackingToken: string | null } }>().data.trackingToken).toBeNull();
    const list = await w.shipperAdmin.agent.get(`${w.shipperBase}/delivery`);
    const row = list
      .json<{ data: { uuid: string; trackingToken: string }[] }>()
      .data.find((r) => r.uuid === d.uuid);
    expect(row?.trackingToken).toBe(token);
  });

  it('answers a wrong token with a plain 404', async () => {
    const { res } = await track('A'.repeat(43));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found.' });
    expect((await track('short')).res.statusCode).toBe(404);
  });
});

describe('the public tracking page', () => {
  it('shows what a recipient needs in each status, and the position only on the way to their dropoff', async () => {
    const d = await w.carried(w.driver.id, {
      steps: [stop('pickup', 51.49, 'N1 0PQ'), stop('dropoff', 51.51, 'E8 1HE')],
    });
    const token = await tokenOf(d.uuid);

    const assigned = (await track(token)).data!;
    expect(assigned).toMatchObject({
      status: 'assigned',
      dropoff: { city: 'London', postcode: 'E8 1HE' },
      driverFirstName: 'Sam',
      eta: null,
      driverPosition: null,
    });
    expect(assigned.timeline.map((s) => s.status)).toEqual(['created', 'assigned']);
    expect(Object.keys(assigned.timeline[0]!).sort()).toEqual(['at', 'status']);

    await w.moveTo(w.driver.agent, d.uuid, 'en-route-to-pickup');
    await w.driver.agent.post('/api/v1/driver/location', { points: [pointAt(-1, 51.48, -0.1)] });
    const toPickup = (await track(token)).data!;
    expect(toPickup.eta).not.toBeNull();
    expect(toPickup.driverPosition).toBeNull();

    await w.moveTo(w.driver.agent, d.uuid, 'en-route-to-dropoff');
    await w.driver.agent.post('/api/v1/driver/location', {
      points: [pointAt(-2, 51.5092, -0.1, { heading: 180 })],
    });
    const toDropoff = (await track(token)).data!;
    expect(toDropoff.driverPosition).toMatchObject({ lat: 51.5092, lng: -0.1, heading: 180 });
    expect(toDropoff.eta).toMatchObject({ arriving: true });

    await w.moveTo(w.driver.agent, d.uuid, 'delivered');
    const delivered = (await track(token)).data!;
    expect(delivered).toMatchObject({ status: 'delivered', eta: null, driverPosition: null });
    expect(delivered.timeline.at(-1)?.status).toBe('delivered');
  });

  it('never shows company data, addresses, office users or other stops', async () => {
    const d = await w.carried(w.driver.id, {
      steps: [stop('pickup', 51.49, 'N1 0PQ'), stop('dropoff', 51.51, 'E8 1HE')],
    });
    await w.shipperAdmin.agent.post(`${w.shipperBase}/delivery/${d.uuid}/status`, {
      statusSlug: 'en-route-to-pickup',
      statusMessage: 'Office note: gate code 4321',
    });
    const { res } = await track(await tokenOf(d.uuid));
    const body = res.body;
    for (const secret of [
      'Bloom Flowers',
      'Swift Couriers',
      'Secret',
      'N1 0PQ',
      'gate code',
      d.uuid,
      w.shipperAdmin.id,
      w.driver.id,
      d.vehicleId,
      'Test run',
    ])
      expect(body).not.toContain(secret);
  });

  it(`is rate limited per address (${TRACKING.perMinutePerAddress} a minute)`, async () => {
    const url = `/api/v1/track/${'B'.repeat(43)}`;
    const ask = () => t.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.9' });
    for (let i = 0; i < TRACKING.perMinutePerAddress; i++) expect((await ask()).statusCode).toBe(404);
    expect((await ask()).statusCode).toBe(429);
    const elsewhere = await t.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.10' });
    expect(elsewhere.statusCode).toBe(404);
  });
});
