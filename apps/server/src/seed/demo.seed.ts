import type { CompanyRoleSlug, CompanyTypeSlug } from '@courier/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { hashPassword } from '../lib/password.js';
import { consumeEvents } from '../modules/live/index.js';
import { notificationsConsumer } from '../modules/notifications/index.js';
import { seedDemoMarketplace } from './demo-marketplace.seed.js';
import { seedDemoDeliveries } from './demo-deliveries.seed.js';
import {
  addresses,
  companies,
  companyMembers,
  driverInfos,
  fleetVehicles,
  fleets,
  notificationMails,
  phoneNumbers,
  users,
  vehicles,
} from '../db/schema/index.js';

export const DEMO_PASSWORD = 'demo-password';

interface DemoUser {
  email: string;
  firstname: string;
  lastname: string;
  phone: string;
  roles: CompanyRoleSlug[];
}
interface DemoCompany {
  slug: string;
  name: string;
  description: string;
  type: CompanyTypeSlug;
  users: DemoUser[];
}

export const DEMO_COMPANIES: DemoCompany[] = [
  {
    slug: 'demo-shipper',
    name: 'Demo Shipper Ltd',
    description: 'An online florist in north London that ships same-day bouquets.',
    type: 'shipper',
    users: [
      {
        email: 'admin@shipper.test',
        firstname: 'Alice',
        lastname: 'Ashworth',
        phone: '+44 20 7946 0101',
        roles: ['company-admin'],
      },
      {
        email: 'driver@shipper.test',
        firstname: 'Dan',
        lastname: 'Driscoll',
        phone: '+44 7700 900101',
        roles: ['driver'],
      },
      {
        email: 'driver2@shipper.test',
        firstname: 'Priya',
        lastname: 'Patel',
        phone: '+44 7700 900102',
        roles: ['driver'],
      },
    ],
  },
  {
    slug: 'demo-courier',
    name: 'Demo Courier Co',
    description: 'A bicycle and van courier covering Greater London.',
    type: 'courier',
    users: [
      {
        email: 'admin@courier.test',
        firstname: 'Carlos',
        lastname: 'Costa',
        phone: '+44 20 7946 0202',
        roles: ['company-admin'],
      },
      {
        email: 'driver@courier.test',
        firstname: 'Mia',
        lastname: 'Novak',
        phone: '+44 7700 900201',
        roles: ['driver'],
      },
      {
        email: 'driver2@courier.test',
        firstname: 'Sam',
        lastname: 'Okafor',
        phone: '+44 7700 900202',
        roles: ['driver'],
      },
    ],
  },
];
export const DEMO_PLATFORM_ADMIN = { email: 'platform@admin.test', firstname: 'Pat', lastname: 'Platform' };

/** The demo sign-ins printed at start-up. */
export const DEMO_SIGN_INS = [
  ...DEMO_COMPANIES.flatMap((c) =>
    c.users.map((u) => ({ email: u.email, role: `${u.roles.join(', ')} of ${c.slug}` })),
  ),
  { email: DEMO_PLATFORM_ADMIN.email, role: 'platform admin' },
];

/** Seeds the demo companies once; a second run finds them and does nothing. Returns whether it seeded. */
export async function seedDemo(db: Db): Promise<boolean> {
  const existing = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.slug, 'demo-shipper'))
    .limit(1);
  if (existing.length > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    for (const c of DEMO_COMPANIES) {
      const [company] = await tx
        .insert(companies)
        .values({
          slug: c.slug,
          name: c.name,
          description: c.description,
          companyTypeSlug: c.type,
          countryCode: 'GB',
        })
        .returning({ id: companies.id });
      if (!company) throw new Error('company insert returned nothing');
      for (const u of c.users) {
        const [user] = await tx
          .insert(users)
          .values({
            email: u.email,
            passwordHash,
            firstname: u.firstname,
            lastname: u.lastname,
            emailVerifiedAt: new Date(),
            defaultCompanyId: company.id,
          })
          .returning({ id: users.id });
        if (!user) throw new Error('user insert returned nothing');
        await tx
          .insert(phoneNumbers)
          .values({ userId: user.id, phoneNumber: u.phone, phoneNumberType: 'mobile', isPrimary: true });
        await tx
          .insert(companyMembers)
          .values(u.roles.map((roleSlug) => ({ companyId: company.id, userId: user.id, roleSlug })));
        if (u.roles.includes('driver')) {
          await tx.insert(driverInfos).values({
            companyId: company.id,
            userId: user.id,
            statusSlug: 'available',
            licenceNumber: `${u.lastname.toUpperCase().slice(0, 5)}801015AB9CD`,
            licenceExpiresAt: new Date(Date.now() + 400 * 86_400_000),
            insuranceNumber: `HR-${u.lastname.toUpperCase().slice(0, 3)}-0042`,
            insuranceExpiresAt: new Date(Date.now() + 200 * 86_400_000),
          });
        }
        if (u.roles.includes('company-admin')) {
          await tx.insert(addresses).values({
            userId: user.id,
            line1: c.type === 'shipper' ? '12 Upper Street' : '48 Commercial Road',
            city: 'London',
            postcode: c.type === 'shipper' ? 'N1 0PQ' : 'E1 1LP',
            countryCode: 'GB',
            lat: c.type === 'shipper' ? 51.5362 : 51.5142,
            lng: c.type === 'shipper' ? -0.1033 : -0.0652,
            placeStatus: 'placed',
          });
        }
      }
    }
    await seedDemoFleet(tx, DEMO_COMPANIES[0]!.slug);
    await seedCourierVehicles(tx, DEMO_COMPANIES[1]!.slug);
    await tx
      .insert(users)
      .values({ ...DEMO_PLATFORM_ADMIN, passwordHash, emailVerifiedAt: new Date(), isPlatformAdmin: true });
  });
  await seedDemoDeliveries(db, DEMO_COMPANIES[0]!.slug, DEMO_COMPANIES[1]!.slug);
  await seedDemoMarketplace(db, DEMO_COMPANIES[0]!.slug, DEMO_COMPANIES[1]!.slug);
  // The demo's own story (a bid, an offer near the courier) makes notifications as real writes do: its events'
  // consumers run now, as the job would after the commit (decision 059), and queue their e-mails (decision 055); the
  // demo people are made up: their notifications stay in the app, and nothing is mailed.
  await consumeEvents(db, [notificationsConsumer]);
  await db.delete(notificationMails);
  return true;
}

const DEMO_VEHICLES = [
  {
    name: 'Cargo bike 1',
    registrationNumber: 'CB001',
    sizeSlug: 'bicycle-cargo',
    statusSlug: 'available',
    makeSlug: 'urban-arrow',
    colourSlug: 'green',
  },
  {
    name: 'Cargo bike 2',
    registrationNumber: 'CB002',
    sizeSlug: 'bicycle-cargo',
    statusSlug: 'on-delivery',
    makeSlug: 'tern',
    colourSlug: 'black',
  },
  {
    name: 'Scooter 1',
    registrationNumber: 'LX21SCT',
    sizeSlug: 'motorcycle',
    statusSlug: 'available',
    makeSlug: 'honda',
    colourSlug: 'white',
  },
  {
    name: 'City van 1',
    registrationNumber: 'LB70VAN',
    sizeSlug: 'van-small',
    statusSlug: 'booked',
    makeSlug: 'volkswagen',
    colourSlug: 'white',
  },
  {
    name: 'City van 2',
    registrationNumber: 'LB71VAN',
    sizeSlug: 'van-small',
    statusSlug: 'maintenance',
    makeSlug: 'renault',
    colourSlug: 'silver',
  },
  {
    name: 'Sprinter 1',
    registrationNumber: 'LD22SPR',
    sizeSlug: 'van-large',
    statusSlug: 'available',
    makeSlug: 'mercedes-benz',
    colourSlug: 'white',
  },
  {
    name: 'Luton 1',
    registrationNumber: 'LN19LUT',
    sizeSlug: 'van-extra-large',
    statusSlug: 'offline',
    makeSlug: 'ford',
    colourSlug: 'blue',
  },
  {
    name: 'Estate car 1',
    registrationNumber: 'LC20EST',
    sizeSlug: 'car-estate',
    statusSlug: 'unavailable',
    makeSlug: 'skoda',
    colourSlug: 'grey',
  },
] as const;

/** A small fleet so the fleet screens have something to show on first start. */
async function seedDemoFleet(tx: Parameters<Parameters<Db['transaction']>[0]>[0], companySlug: string) {
  const [company] = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.slug, companySlug));
  if (!company) return;
  const rows = await tx
    .insert(vehicles)
    .values(
      DEMO_VEHICLES.map((v, i) => ({ ...v, companyId: company.id, year: 2019 + (i % 5), description: '' })),
    )
    .returning({ id: vehicles.id, sizeSlug: vehicles.sizeSlug });
  const [bikes, vans] = await tx
    .insert(fleets)
    .values([
      { companyId: company.id, name: 'Bikes', description: 'Cargo bikes and scooters for central London' },
      { companyId: company.id, name: 'Vans', description: 'Vans for bulky and long-distance deliveries' },
    ])
    .returning({ id: fleets.id });
  const links = rows.map((v) => ({
    fleetId: v.sizeSlug.startsWith('van') ? vans!.id : bikes!.id,
    vehicleId: v.id,
  }));
  await tx
    .insert(fleetVehicles)
    .values(links.filter((l) => rows.find((r) => r.id === l.vehicleId)?.sizeSlug !== 'car-estate'));
}

/** The courier's two vehicles, which its drivers use on the deliveries it carries for the shipper. */
async function seedCourierVehicles(tx: Parameters<Parameters<Db['transaction']>[0]>[0], companySlug: string) {
  const [company] = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.slug, companySlug));
  if (!company) return;
  await tx.insert(vehicles).values([
    {
      companyId: company.id,
      name: 'Courier bike 1',
      registrationNumber: 'CC001',
      sizeSlug: 'bicycle-cargo',
      statusSlug: 'available',
      makeSlug: 'urban-arrow',
      colourSlug: 'green',
      year: 2022,
      description: '',
    },
    {
      companyId: company.id,
      name: 'Courier van 1',
      registrationNumber: 'LC23CVN',
      sizeSlug: 'van-small',
      statusSlug: 'available',
      makeSlug: 'volkswagen',
      colourSlug: 'white',
      year: 2023,
      description: '',
    },
  ]);
}
