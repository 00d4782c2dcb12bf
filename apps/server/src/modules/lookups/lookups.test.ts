import {
  DRIVER_STATUSES,
  LOOKUP_LIST_KEYS,
  LOOKUP_LISTS,
  VEHICLE_SIZES,
  VEHICLE_STATUSES,
} from '@courier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../../test/agent.js';
import { createCompany, createUser, TEST_PASSWORD } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let agent: Agent;
type Map = Record<string, { slug: string; name: string; tag?: string; sortOrder: number; isActive: boolean }>;

beforeAll(async () => {
  t = await createTestApp();
  const company = await createCompany(t.database.db);
  const user = await createUser(t.database.db, { company, roles: ['driver'] });
  agent = new Agent(t.app);
  await agent.login(user.email, TEST_PASSWORD);
});
afterAll(() => t.close());

const list = async (path: string) => {
  const res = await agent.get(`/api/v1${path}`);
  expect(res.statusCode, path).toBe(200);
  return res.json<{ data: Map }>().data;
};

describe('lookup lists', () => {
  it('answers every list of spec section 7 keyed by slug, none empty', async () => {
    for (const key of LOOKUP_LIST_KEYS) {
      const data = await list(LOOKUP_LISTS[key]);
      const entries = Object.entries(data);
      expect(entries.length, key).toBeGreaterThan(0);
      for (const [slug, entry] of entries) expect(entry.slug).toBe(slug);
    }
  });

  it('has the 17 vehicle sizes of the spec in order', async () => {
    const sizes = Object.values(await list('/type/vehicle/size')).sort((a, b) => a.sortOrder - b.sortOrder);
    expect(sizes.map((s) => s.slug)).toEqual([...VEHICLE_SIZES]);
  });

  it('has the 8 driver statuses and 6 vehicle statuses with the colour tags of the contract', async () => {
    const drivers = await list('/type/driver/status');
    expect(Object.keys(drivers).sort()).toEqual(DRIVER_STATUSES.map((s) => s.slug).sort());
    for (const s of DRIVER_STATUSES) expect(drivers[s.slug]?.tag).toBe(s.tag);
    const vehicles = await list('/type/vehicle/status');
    expect(Object.keys(vehicles)).toHaveLength(6);
    for (const s of VEHICLE_STATUSES) expect(vehicles[s.slug]?.tag).toBe(s.tag);
  });

  it('has the live statuses the delivery status model needs, including completed', async () => {
    const live = await list('/type/delivery/live/status');
    for (const slug of [
      'created',
      'assigned',
      'picked-up',
      'delivered',
      'completed',
      'failed',
      'cancelled',
      'returned',
    ]) {
      expect(live[slug], slug).toBeDefined();
    }
    expect(Object.keys(await list('/type/delivery/quote/status')).sort()).toEqual([
      'accepted',
      'draft',
      'expired',
      'quoted',
      'rejected',
    ]);
  });

  it('answers vehicle models with a make and a size that exist, keyed by uuid', async () => {
    const res = await agent.get('/api/v1/type/vehicle/model');
    const models = Object.entries(
      res.json<{
        data: Record<
          string,
          { uuid: string; vehicleMakeTypeSlug: string; vehicleSizeTypeSlug: string; name: string }
        >;
      }>().data,
    );
    expect(models.length).toBeGreaterThanOrEqual(50);
    const makes = await list('/type/vehicle/make');
    for (const [uuid, m] of models) {
      expect(m.uuid).toBe(uuid);
      expect(makes[m.vehicleMakeTypeSlug], m.name).toBeDefined();
      expect(VEHICLE_SIZES).toContain(m.vehicleSizeTypeSlug);
    }
    expect(models.map(([, m]) => m.name)).toContain('Sprinter');
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/type/vehicle/status' })).statusCode).toBe(401);
  });
});
