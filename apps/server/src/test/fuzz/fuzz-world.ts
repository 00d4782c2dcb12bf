import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { Agent } from '../agent.js';
import { createTestDelivery } from '../delivery-fixture.js';
import { createCompany, createUser, TEST_PASSWORD } from '../factories.js';
import type { TestApp } from '../test-app.js';

export type ActorName = 'admin' | 'courierAdmin' | 'driver' | 'platformAdmin' | 'anonymous';

/**
 * The records the fuzz suite's requests name (decision 037): a shipper with an admin (who sends the company's calls),
 * a second admin, a driver assigned to a delivery (who sends the driver's calls), a courier company whose admin
 * sends the company calls named with its slug (the marketplace's other side), a platform admin, and a delivery with its steps, parcels, quote, note, window and auction, a vehicle, a fleet, a client, an
 * address, an event and a conversation. `named` gives their ids by the name of the path param or field that takes
 * them; the signed-in actors' own ids are left out, so a request cannot suspend or remove the actor sending it.
 */
export interface FuzzWorld {
  named: Record<string, string[]>;
  ids: string[];
  /** Who sends a request meant for `actor`: a company call on the courier's slug goes out as the courier's admin. */
  actorFor(actor: ActorName, url: string): ActorName;
  agent(actor: ActorName): Agent;
  /** Signs an actor in again after a request ended its session (logout, lock) or changed its e-mail. */
  signInAgain(actor: ActorName): Promise<void>;
}

export async function createFuzzWorld(t: TestApp): Promise<FuzzWorld> {
  const db = t.database.db;
  const shipper = await createCompany(db);
  const courier = await createCompany(db, { type: 'courier' });
  const userIds: Record<Exclude<ActorName, 'anonymous'>, string> = {
    admin: (await createUser(db, { company: shipper })).id,
    driver: (await createUser(db, { company: shipper, roles: ['driver'] })).id,
    platformAdmin: (await createUser(db, { platformAdmin: true })).id,
    courierAdmin: (await createUser(db, { company: courier })).id,
  };
  const member = (await createUser(db, { company: shipper })).id;
  const otherDriver = (await createUser(db, { company: shipper, roles: ['driver'] })).id;

  const agents: Record<ActorName, Agent> = {
    admin: new Agent(t.app),
    driver: new Agent(t.app),
    platformAdmin: new Agent(t.app),
    courierAdmin: new Agent(t.app),
    anonymous: new Agent(t.app),
  };
  const signInAgain = async (actor: ActorName) => {
    agents[actor] = new Agent(t.app);
    if (actor === 'anonymous') return;
    const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userIds[actor]));
    await agents[actor].login(row!.email, TEST_PASSWORD);
  };
  for (const actor of ['admin', 'courierAdmin', 'driver', 'platformAdmin'] as const) await signInAgain(actor);

  const admin = agents.admin;
  const base = `/api/v1/c/${shipper.slug}/admin`;
  const data = async <T>(res: Promise<{ statusCode: number; body: string }>, what: string): Promise<T> => {
    const r = await res;
    if (r.statusCode >= 300) throw new Error(`fuzz world, ${what}: ${r.statusCode} ${r.body}`);
    return (JSON.parse(r.body) as { data: T }).data;
  };
  const soon = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

  const delivery = await createTestDelivery(admin, base, {
    parcels: [{ name: 'Box', volumeCm3: 1000, weightKg: 2, quantity: 1 }],
    scheduleWindows: [{ typeSlug: 'dropoff', startAt: soon(24), endAt: soon(26) }],
  });
  const openDelivery = await createTestDelivery(admin, base);
  const vehicle = (
    await data<{ uuid: string }>(
      admin.post(`${base}/vehicle`, { name: 'Van', registrationNumber: 'FZ1' }),
      'vehicle',
    )
  ).uuid;
  await data(
    admin.post(`${base}/delivery/${delivery.uuid}/vehicle/driver`, {
      vehicleUuid: vehicle,
      driverUserUuids: [userIds.driver],
    }),
    'assignment',
  );
  const fleet = (await data<{ uuid: string }>(admin.post(`${base}/fleet`, { name: 'North' }), 'fleet')).uuid;
  const client = (
    await data<{ uuid: string }>(admin.post(`${base}/client`, { companyName: 'Bloom' }), 'client')
  ).uuid;
  const address = (
    await data<{ uuid: string }>(
      admin.post(`${base}/address`, {
        line1: '1 Dock Rd',
        city: 'London',
        postcode: 'E16 1AA',
        countryCode: 'GB',
      }),
      'address',
    )
  ).uuid;
  const quote = (
    await data<{ uuid: string }>(
      admin.post(`${base}/delivery/${delivery.uuid}/quote`, { priceMinor: 1500, validUntil: soon(48) }),
      'quote',
    )
  ).uuid;
  const parcels = await data<{ uuid: string; trackingCode: string }[]>(
    admin.get(`${base}/delivery/parcel?deliveryUuid=${delivery.uuid}`),
    'parcels',
  );
  const note = (
    await data<{ uuid: string }>(
      admin.post(`${base}/notes`, {
        noteableType: 'deliveries',
        noteableUuid: delivery.uuid,
        message: 'Ring twice',
      }),
      'note',
    )
  ).uuid;
  const event = (
    await data<{ uuid: string }>(
      admin.post(`${base}/calendar/events`, { title: 'Stock-take', startDate: soon(5), endDate: soon(6) }),
      'event',
    )
  ).uuid;
  const windows = await data<{ eventType: string; eventUuid?: string; uuid: string }[]>(
    admin.get(
      `${base}/calendar/events?start=${encodeURIComponent(soon(-24))}&end=${encodeURIComponent(soon(72))}`,
    ),
    'windows',
  );
  const conversation = (
    await data<{ uuid: string }>(
      admin.post(`${base}/inbox/conversations`, { subject: 'Fuzz', participantUuids: [member], body: 'Hi' }),
      'conversation',
    )
  ).uuid;
  const auction = (
    await data<{ uuid: string }>(
      admin.post(`${base}/delivery/${openDelivery.uuid}/auction`, {
        closesAt: soon(2),
        vehicleSizeSlug: 'unknown',
      }),
      'auction',
    )
  ).uuid;
  const steps = delivery.deliverySteps;

  const named: Record<string, string[]> = {
    companySlug: [shipper.slug, shipper.slug, shipper.slug, courier.slug],
    companyUuid: [shipper.id],
    userId: [member, otherDriver],
    driverUserUuid: [otherDriver],
    vehicleUuid: [vehicle],
    fleetUuid: [fleet],
    clientUuid: [client],
    addressUuid: [address],
    deliveryUuid: [delivery.uuid, openDelivery.uuid],
    deliveryStepUuid: steps.map((s) => s.deliveryStepUuid),
    deliveryStepTaskUuid: steps.flatMap((s) => s.deliveryStepTasks.map((k) => k.deliveryStepTaskUuid)),
    parcelUuid: parcels.map((p) => p.uuid),
    trackingCode: parcels.map((p) => p.trackingCode),
    quoteUuid: [quote],
    noteableUuid: [delivery.uuid, vehicle, client],
    note_uuid: [note],
    parent_note_uuid: [note],
    eventUuid: [event],
    windowUuid: windows.filter((w) => w.eventType === 'delivery-window').map((w) => w.uuid),
    conversationUuid: [conversation],
    auctionUuid: [auction],
    participantUuid: [member],
    mentionedUserUuid: [member],
  };
  const ids = [
    ...new Set(
      Object.entries(named).flatMap(([k, v]) => (k === 'companySlug' || k === 'trackingCode' ? [] : v)),
    ),
  ];
  const courierCalls = `/api/v1/c/${courier.slug}/`;
  return {
    named,
    ids,
    actorFor: (actor, url) => (actor === 'admin' && url.startsWith(courierCalls) ? 'courierAdmin' : actor),
    agent: (actor) => agents[actor],
    signInAgain,
  };
}
