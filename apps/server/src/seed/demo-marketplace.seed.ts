import { CreateDeliveryBodySchema, type Actor } from '@courier/contract';
import { and, eq } from 'drizzle-orm';
import { deliveryAccess } from '../access/delivery-access.js';
import type { Db } from '../db/client.js';
import { auctions, companies, companyMembers } from '../db/schema/index.js';
import { straightLineEstimator } from '../lib/routing/routing.js';
import { createDelivery } from '../modules/deliveries/index.js';
import { placeBid, publishAuction, saveBidRates } from '../modules/marketplace/index.js';

const DAY = 86_400_000;

/** The company's first admin acting through it, as a company route would make them. */
async function adminActor(db: Db, slug: string): Promise<Actor | undefined> {
  const [row] = await db
    .select({ companyId: companies.id, type: companies.companyTypeSlug, userId: companyMembers.userId })
    .from(companies)
    .innerJoin(
      companyMembers,
      and(eq(companyMembers.companyId, companies.id), eq(companyMembers.roleSlug, 'company-admin')),
    )
    .where(eq(companies.slug, slug))
    .limit(1);
  if (!row) return undefined;
  return {
    userId: row.userId,
    isPlatformAdmin: false,
    memberships: [{ companyId: row.companyId, companyTypeSlug: row.type, roles: ['company-admin'] }],
  };
}

/**
 * The marketplace's demo (decision 026): the courier's depot and rates (the spec's defaults locally), and one
 * delivery of the shipper open for bids, with the courier's bid on it. Through the marketplace's own services, so
 * the demo obeys the rules the API does.
 */
export async function seedDemoMarketplace(db: Db, shipperSlug: string, courierSlug: string): Promise<void> {
  const shipper = await adminActor(db, shipperSlug);
  const courier = await adminActor(db, courierSlug);
  if (!shipper || !courier) return;
  const shipperId = shipper.memberships[0]!.companyId;
  const [already] = await db
    .select({ id: auctions.id })
    .from(auctions)
    .where(eq(auctions.ownerCompanyId, shipperId));
  if (already) return;
  await saveBidRates(db, courier.memberships[0]!.companyId, {
    depot: { label: '48 Commercial Road, E1', lat: 51.5142, lng: -0.0652 },
    localRadiusMiles: 10,
    matchRadiusMiles: 40,
    currencyCode: 'GBP',
    local: { baseFare: 3, costPerDistance: 1, costPerHour: 2 },
    outlying: { baseFare: 6, costPerDistance: 1.5, costPerHour: 3 },
  });
  const routing = straightLineEstimator();
  const deliveryId = await createDelivery(db, routing, {
    companyId: shipperId,
    author: { userId: shipper.userId, apiKeyId: null },
    body: CreateDeliveryBodySchema.parse({
      name: 'Wedding flowers to Camden',
      description: 'Twelve table arrangements; offered to couriers.',
      currencyCode: 'GBP',
      steps: [
        {
          kind: 'pickup',
          address: {
            line1: '12 Upper Street',
            city: 'London',
            postcode: 'N1 0PQ',
            countryCode: 'GB',
            lat: 51.5362,
            lng: -0.1033,
          },
        },
        {
          kind: 'dropoff',
          address: {
            line1: '30 Camden High Street',
            city: 'London',
            postcode: 'NW1 0JH',
            countryCode: 'GB',
            lat: 51.5364,
            lng: -0.1404,
          },
          contacts: [
            { firstname: 'Jo', lastname: 'Recipient', phoneNumber: '+44 7700 900300', companyName: '' },
          ],
        },
      ],
      parcels: [
        { name: 'Table arrangements', volumeCm3: 40_000, weightKg: 18, quantity: 12, isFragile: true },
      ],
      scheduleWindows: [
        {
          deliveryScheduleWindowTypeSlug: 'pickup',
          startAt: new Date(Date.now() + 3 * DAY).toISOString(),
          endAt: new Date(Date.now() + 3 * DAY + 2 * 3_600_000).toISOString(),
        },
      ],
    }),
  });
  const access = await deliveryAccess(db, shipper, 'publish-auction', deliveryId);
  const auction = await publishAuction(db, routing, access, {
    closesAt: new Date(Date.now() + 2 * DAY).toISOString(),
    reserveMinor: 6000,
    vehicleSizeSlug: 'van-small',
    urgency: 'flexible',
    notes: 'Fragile: the arrangements travel upright.',
  });
  await placeBid(db, courier, auction.id, {
    priceMinor: 4500,
    currencyCode: 'GBP',
    vehicleSizeSlug: 'van-small',
    pickupEta: new Date(Date.now() + 3 * DAY + 30 * 60_000).toISOString(),
    note: 'A small van with racks for upright arrangements.',
  });
}
