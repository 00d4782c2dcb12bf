import { CreateDeliveryBodySchema, type LiveStatus } from '@courier/contract';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  addresses,
  calendarEvents,
  companies,
  companyMembers,
  deliveries,
  notes,
  originatorAccounts,
  users,
  vehicles,
} from '../db/schema/index.js';
import { applyLiveStatus, assignVehicleAndDrivers, createDelivery } from '../modules/deliveries/index.js';
import { straightLineEstimator } from '../lib/routing/routing.js';

const PATH: LiveStatus[] = [
  'en-route-to-pickup',
  'at-pickup',
  'picked-up',
  'en-route-to-dropoff',
  'at-dropoff',
  'delivered',
  'completed',
];

const PLACES = [
  { line1: '12 Upper Street', city: 'London', postcode: 'N1 0PQ', lat: 51.5362, lng: -0.1033 },
  { line1: '10 Mare Street', city: 'London', postcode: 'E8 1HE', lat: 51.5456, lng: -0.0553 },
  { line1: '1 Canada Square', city: 'London', postcode: 'E14 5AB', lat: 51.5049, lng: -0.0195 },
  { line1: '100 Brixton Hill', city: 'London', postcode: 'SW2 1AA', lat: 51.4513, lng: -0.1179 },
  { line1: '30 Camden High Street', city: 'London', postcode: 'NW1 0JH', lat: 51.5364, lng: -0.1404 },
  { line1: '5 King Street', city: 'London', postcode: 'W6 0QA', lat: 51.4927, lng: -0.2262 },
];

/**
 * A day's worth of deliveries in different states, so the dashboards and lists have something to show. Every demo
 * driver has today's work: one delivery assigned and not started, one under way (the driver dashboard's next thing
 * to do). `driver` names who carries it; a courier's driver carries a delivery the courier carries for the shipper,
 * on one of the courier's vehicles. Windows are hours from the seed's run.
 */
const PLAN: {
  name: string;
  parcel: string;
  window?: [number, number];
  driver?: string;
  status?: LiveStatus;
}[] = [
  { name: 'Wedding bouquets to Hackney', parcel: 'Bridal bouquet', window: [2, 4] },
  {
    name: 'Office flowers to Canary Wharf',
    parcel: 'Reception arrangement',
    window: [1, 3],
    driver: 'driver@shipper.test',
  },
  {
    name: 'Birthday roses to Brixton',
    parcel: 'Dozen red roses',
    window: [-1, 1],
    driver: 'driver@shipper.test',
    status: 'en-route-to-dropoff',
  },
  { name: 'Plants to Camden', parcel: 'Potted fig', driver: 'driver@shipper.test', status: 'completed' },
  {
    name: 'Sympathy wreath to Hammersmith',
    parcel: 'Wreath',
    window: [-1, 1],
    driver: 'driver2@shipper.test',
    status: 'picked-up',
  },
  { name: 'Restaurant table flowers', parcel: 'Table posies' },
  {
    name: 'Anniversary orchids to Canary Wharf',
    parcel: 'Orchid pot',
    window: [3, 5],
    driver: 'driver2@shipper.test',
  },
  {
    name: 'Gallery prints to Brixton',
    parcel: 'Framed prints',
    window: [2, 4],
    driver: 'driver@courier.test',
  },
  {
    name: 'Bakery boxes to Camden',
    parcel: 'Cake boxes',
    window: [0, 2],
    driver: 'driver@courier.test',
    status: 'en-route-to-pickup',
  },
  {
    name: 'Legal papers to Hammersmith',
    parcel: 'Document wallet',
    window: [1, 3],
    driver: 'driver2@courier.test',
  },
  // Carried and completed by the demo courier: its owner's admin has a carrier to rate (decision 026).
  {
    name: 'Catering trays to Islington',
    parcel: 'Catering trays',
    driver: 'driver2@courier.test',
    status: 'completed',
  },
  {
    name: 'Spare parts to Hackney',
    parcel: 'Parts crate',
    window: [-1, 1],
    driver: 'driver2@courier.test',
    status: 'picked-up',
  },
];

/** The vehicle each demo driver drives, by name (the courier's are seeded with its company). */
const VEHICLE_OF: Record<string, string> = {
  'driver@shipper.test': 'Cargo bike 1',
  'driver2@shipper.test': 'Scooter 1',
  'driver@courier.test': 'Courier bike 1',
  'driver2@courier.test': 'Courier van 1',
};

async function companyPeople(db: Db, slug: string) {
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.slug, slug));
  if (!company) return undefined;
  const members = await db
    .select({ id: users.id, email: users.email, role: companyMembers.roleSlug })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(eq(companyMembers.companyId, company.id))
    .orderBy(asc(users.email));
  const fleet = await db
    .select({ id: vehicles.id, name: vehicles.name })
    .from(vehicles)
    .where(eq(vehicles.companyId, company.id));
  return {
    id: company.id,
    admin: members.find((m) => m.role === 'company-admin'),
    drivers: new Map(members.filter((m) => m.role === 'driver').map((m) => [m.email, m.id])),
    vehicles: new Map(fleet.map((v) => [v.name, v.id])),
  };
}

export async function seedDemoDeliveries(db: Db, companySlug: string, carrierSlug: string): Promise<void> {
  const shipper = await companyPeople(db, companySlug);
  if (!shipper?.admin) return;
  const courier = await companyPeople(db, carrierSlug);
  const existing = await db
    .select({ id: deliveries.id })
    .from(deliveries)
    .where(eq(deliveries.ownerCompanyId, shipper.id))
    .limit(1);
  if (existing.length) return;
  const company = { id: shipper.id };
  const admin = shipper.admin;
  await db
    .insert(originatorAccounts)
    .values({ companyId: company.id, originatorSlug: 'web', name: 'Web app' });
  const routing = straightLineEstimator();
  const hour = 3_600_000;
  // The places are the shipper's address directory too, so steps can be picked from it.
  await db.insert(addresses).values(
    PLACES.map((p, i) => ({
      companyId: company.id,
      label: i === 0 ? 'Flower shop' : `Customer, ${p.line1}`,
      line1: p.line1,
      city: p.city,
      postcode: p.postcode,
      countryCode: 'GB',
      lat: p.lat,
      lng: p.lng,
      placeStatus: 'placed' as const,
    })),
  );
  const ids: string[] = [];
  for (const [i, plan] of PLAN.entries()) {
    const from = PLACES[0]!;
    const to = PLACES[(i % (PLACES.length - 1)) + 1]!;
    // A shipper's driver on the shipper's vehicle is linked at creation; a courier's once the courier carries it.
    const own = plan.driver ? shipper.drivers.get(plan.driver) : undefined;
    const ownVehicle = plan.driver ? shipper.vehicles.get(VEHICLE_OF[plan.driver] ?? '') : undefined;
    const id = await createDelivery(db, routing, {
      companyId: company.id,
      author: { userId: admin.id, apiKeyId: null },
      body: CreateDeliveryBodySchema.parse({
        name: plan.name,
        description: '',
        currencyCode: 'GBP',
        steps: [
          { kind: 'pickup', address: { ...from, countryCode: 'GB' } },
          {
            kind: 'dropoff',
            address: { ...to, countryCode: 'GB' },
            contacts: [
              { firstname: 'Jo', lastname: 'Recipient', phoneNumber: '+44 7700 900300', companyName: '' },
            ],
            extraTaskTypes: ['signature'],
          },
        ],
        parcels: [{ name: plan.parcel, volumeCm3: 12_000, weightKg: 2.5, quantity: 1, isFragile: true }],
        scheduleWindows: plan.window
          ? [
              {
                deliveryScheduleWindowTypeSlug: 'dropoff',
                startAt: new Date(Date.now() + plan.window[0] * hour).toISOString(),
                endAt: new Date(Date.now() + plan.window[1] * hour).toISOString(),
              },
            ]
          : [],
        vehicleUuid: own && ownVehicle ? ownVehicle : undefined,
        driverUserUuids: own && ownVehicle ? [own] : [],
      }),
    });
    ids.push(id);
    const carrierDriver = plan.driver ? courier?.drivers.get(plan.driver) : undefined;
    const carrierVehicle = plan.driver ? courier?.vehicles.get(VEHICLE_OF[plan.driver] ?? '') : undefined;
    if (courier?.admin && carrierDriver && carrierVehicle) {
      await db.transaction(async (tx) => {
        await tx.update(deliveries).set({ carrierCompanyId: courier.id }).where(eq(deliveries.id, id));
        const [row] = await tx
          .select({ s: deliveries.liveStatusSlug })
          .from(deliveries)
          .where(eq(deliveries.id, id));
        await assignVehicleAndDrivers(tx, {
          companyId: courier.id,
          deliveryId: id,
          liveStatus: row!.s,
          vehicleId: carrierVehicle,
          driverUserIds: [carrierDriver],
          userId: courier.admin!.id,
        });
      });
    }
    if (plan.status) {
      for (const to of PATH.slice(0, PATH.indexOf(plan.status) + 1)) {
        await db.transaction(async (tx) => {
          const [row] = await tx
            .select({ s: deliveries.liveStatusSlug })
            .from(deliveries)
            .where(eq(deliveries.id, id));
          await applyLiveStatus(tx, {
            deliveryId: id,
            from: row!.s,
            to,
            actor: 'company-admin',
            userId: admin.id,
          });
        });
      }
    }
  }
  // The first delivery is carried by the demo courier and not assigned yet, so its admin has work to hand out; a
  // note and a company event.
  if (courier && ids[0])
    await db.update(deliveries).set({ carrierCompanyId: courier.id }).where(eq(deliveries.id, ids[0]));
  if (ids[0])
    await db.insert(notes).values({
      companyId: company.id,
      noteableTypeSlug: 'deliveries',
      noteableId: ids[0],
      noteTypeSlug: 'driver-instruction',
      message: 'Ring the bell twice; the florist is at the back of the shop.',
      createdByUserId: admin.id,
    });
  const tomorrow = new Date(Date.now() + 24 * hour);
  tomorrow.setUTCHours(8, 0, 0, 0);
  await db.insert(calendarEvents).values({
    companyId: company.id,
    title: 'City van 1: MOT',
    description: 'Garage on Essex Road; the van is off the road until noon.',
    startAt: tomorrow,
    endAt: new Date(tomorrow.getTime() + 4 * hour),
    allDay: false,
    createdByUserId: admin.id,
  });
}
