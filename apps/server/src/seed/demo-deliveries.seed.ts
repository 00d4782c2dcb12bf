import { CreateDeliveryBodySchema, type LiveStatus } from '@courier/contract';
import { and, eq } from 'drizzle-orm';
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
import { applyLiveStatus, createDelivery } from '../modules/deliveries/index.js';
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

/** A day's worth of deliveries in different states, so the dashboards and lists have something to show. */
const PLAN: {
  name: string;
  parcel: string;
  steps: number;
  window?: [number, number];
  driver?: boolean;
  status?: LiveStatus;
}[] = [
  { name: 'Wedding bouquets to Hackney', parcel: 'Bridal bouquet', steps: 2, window: [2, 4] },
  {
    name: 'Office flowers to Canary Wharf',
    parcel: 'Reception arrangement',
    steps: 2,
    window: [1, 3],
    driver: true,
  },
  {
    name: 'Birthday roses to Brixton',
    parcel: 'Dozen red roses',
    steps: 2,
    driver: true,
    status: 'en-route-to-dropoff',
  },
  { name: 'Plants to Camden', parcel: 'Potted fig', steps: 2, driver: true, status: 'completed' },
  {
    name: 'Sympathy wreath to Hammersmith',
    parcel: 'Wreath',
    steps: 2,
    window: [-3, -1],
    driver: true,
    status: 'picked-up',
  },
  { name: 'Restaurant table flowers', parcel: 'Table posies', steps: 2 },
];

export async function seedDemoDeliveries(db: Db, companySlug: string, carrierSlug: string): Promise<void> {
  const [company] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.slug, companySlug));
  if (!company) return;
  const existing = await db
    .select({ id: deliveries.id })
    .from(deliveries)
    .where(eq(deliveries.ownerCompanyId, company.id))
    .limit(1);
  if (existing.length) return;
  await db
    .insert(originatorAccounts)
    .values({ companyId: company.id, originatorSlug: 'web', name: 'Web app' });
  const [admin] = await db
    .select({ id: users.id })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.companyId, company.id), eq(companyMembers.roleSlug, 'company-admin')));
  const [driver] = await db
    .select({ id: companyMembers.userId })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, company.id), eq(companyMembers.roleSlug, 'driver')));
  const [vehicle] = await db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(and(eq(vehicles.companyId, company.id), eq(vehicles.statusSlug, 'available')));
  if (!admin) return;
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
    })),
  );
  const ids: string[] = [];
  for (const [i, plan] of PLAN.entries()) {
    const from = PLACES[0]!;
    const to = PLACES[(i % (PLACES.length - 1)) + 1]!;
    const id = await createDelivery(db, routing, {
      companyId: company.id,
      userId: admin.id,
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
        vehicleUuid: plan.driver && vehicle && driver ? vehicle.id : undefined,
        driverUserUuids: plan.driver && vehicle && driver ? [driver.id] : [],
      }),
    });
    ids.push(id);
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
  // One delivery is carried by the demo courier, so its dashboard has work; a note and a company event.
  const [courier] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.slug, carrierSlug));
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
