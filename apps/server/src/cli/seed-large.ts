import { randomUUID } from 'node:crypto';
import { LIVE_ACTIVE_STATUSES, LIVE_STATUSES } from '@courier/contract';
import { eq, sql } from 'drizzle-orm';
import { loadConfig } from '../config/env.js';
import { openDatabase, type Db } from '../db/client.js';
import {
  companies,
  companyMembers,
  deliveries,
  deliveryAssignments,
  deliveryScheduleWindows,
  deliveryStatusRecords,
  deliverySteps,
  deliveryStepTaskParcels,
  deliveryStepTasks,
  driverInfos,
  parcels,
  users,
  vehicles,
} from '../db/schema/index.js';
import { hashPassword } from '../lib/password.js';
import { trackingCode } from '../lib/tracking-code.js';
import { straightLineEstimator } from '../lib/routing/routing.js';
import { progressBar } from './progress.js';

export const LARGE_COMPANY = {
  slug: 'large-shipper',
  name: 'Large Shipper plc',
  admin: 'admin@large.test',
  password: 'demo-password',
};

const BATCH = 500;
const pick = <T>(list: readonly T[], i: number) => list[i % list.length]!;

/** A deterministic pseudo-random number in [0, 1) for row i, so two runs make the same shape of data. */
function rand(i: number, salt: number): number {
  const x = Math.sin(i * 12.9898 + salt * 78.233) * 43758.5453;
  return x - Math.floor(x);
}

/**
 * Generates a large company: vehicles, drivers and `count` deliveries over the last year, each with a pickup and a
 * dropoff step, their tasks, a parcel, a window, status records and (for live ones) an assignment. Written in
 * multi-row batches. Does nothing when the company exists.
 */
export async function seedLargeCompany(db: Db, count: number, vehicleCount = 50): Promise<boolean> {
  const [existing] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.slug, LARGE_COMPANY.slug));
  if (existing) return false;
  const passwordHash = await hashPassword(LARGE_COMPANY.password);
  const companyId = randomUUID();
  const vehicleIds = Array.from({ length: vehicleCount }, () => randomUUID());
  const driverIds = Array.from({ length: 50 }, () => randomUUID());
  await db.transaction(async (tx) => {
    await tx.insert(companies).values({
      id: companyId,
      slug: LARGE_COMPANY.slug,
      name: LARGE_COMPANY.name,
      companyTypeSlug: 'shipper',
    });
    const [admin] = await tx
      .insert(users)
      .values({
        email: LARGE_COMPANY.admin,
        passwordHash,
        firstname: 'Lara',
        lastname: 'Large',
        defaultCompanyId: companyId,
        emailVerifiedAt: new Date(),
      })
      .returning({ id: users.id });
    await tx.insert(companyMembers).values({ companyId, userId: admin!.id, roleSlug: 'company-admin' });
    await tx.insert(users).values(
      driverIds.map((id, i) => ({
        id,
        email: `driver${i + 1}@large.test`,
        passwordHash,
        firstname: 'Driver',
        lastname: `${i + 1}`,
        defaultCompanyId: companyId,
      })),
    );
    await tx
      .insert(companyMembers)
      .values(driverIds.map((userId) => ({ companyId, userId, roleSlug: 'driver' })));
    await tx
      .insert(driverInfos)
      .values(driverIds.map((userId) => ({ companyId, userId, statusSlug: 'available' })));
    for (let from = 0; from < vehicleIds.length; from += BATCH) {
      await tx.insert(vehicles).values(
        vehicleIds.slice(from, from + BATCH).map((id, k) => ({
          id,
          companyId,
          name: `Van ${from + k + 1}`,
          registrationNumber: `LRG${String(from + k + 1).padStart(3, '0')}`,
          sizeSlug: 'van-medium',
        })),
      );
    }
  });

  const routing = straightLineEstimator();
  const bar = progressBar('deliveries', count);
  const now = Date.now();
  const yearMs = 365 * 86_400_000;
  for (let start = 0; start < count; start += BATCH) {
    const n = Math.min(BATCH, count - start);
    const d: (typeof deliveries.$inferInsert)[] = [];
    const steps: (typeof deliverySteps.$inferInsert)[] = [];
    const tasks: (typeof deliveryStepTasks.$inferInsert)[] = [];
    const ps: (typeof parcels.$inferInsert)[] = [];
    const links: (typeof deliveryStepTaskParcels.$inferInsert)[] = [];
    const windows: (typeof deliveryScheduleWindows.$inferInsert)[] = [];
    const records: (typeof deliveryStatusRecords.$inferInsert)[] = [];
    const assignments: (typeof deliveryAssignments.$inferInsert)[] = [];
    for (let k = 0; k < n; k++) {
      const i = start + k;
      const id = randomUUID();
      const createdAt = new Date(now - rand(i, 1) * yearMs);
      // Old deliveries are mostly finished; recent ones spread over every status.
      const recent = now - createdAt.getTime() < 2 * 86_400_000;
      const status = recent
        ? pick(LIVE_STATUSES, Math.floor(rand(i, 2) * 1000))
        : rand(i, 3) < 0.9
          ? 'completed'
          : pick(['cancelled', 'returned', 'failed'] as const, i);
      const from = { lat: 51.3 + rand(i, 4) * 0.4, lng: -0.5 + rand(i, 5) * 0.7 };
      const to = { lat: 51.3 + rand(i, 6) * 0.4, lng: -0.5 + rand(i, 7) * 0.7 };
      const route = await routing.estimate([from, to]);
      const finished = ['completed', 'cancelled', 'returned'].includes(status);
      d.push({
        id,
        ownerCompanyId: companyId,
        name: `Delivery ${i + 1}`,
        liveStatusSlug: status,
        quoteStatusSlug: 'accepted',
        liveStatusChangedAt: createdAt,
        startedAt: finished || LIVE_ACTIVE_STATUSES.includes(status) ? createdAt : null,
        completedAt: finished ? new Date(createdAt.getTime() + route.durationS * 1000) : null,
        isActive: !finished,
        isScheduled: true,
        distanceM: route.distanceM,
        originalDistanceM: route.distanceM,
        durationS: route.durationS,
        originalDurationS: route.durationS,
        maxWeightKg: Math.round(rand(i, 8) * 200) / 10,
        trackingCode: trackingCode(),
        lat: from.lat,
        lng: from.lng,
        createdAt,
      });
      const pickupStep = randomUUID();
      const dropoffStep = randomUUID();
      steps.push(
        { id: pickupStep, deliveryId: id, stepOrderNo: 1, lat: from.lat, lng: from.lng },
        { id: dropoffStep, deliveryId: id, stepOrderNo: 2, lat: to.lat, lng: to.lng },
      );
      const pickupTask = randomUUID();
      const dropoffTask = randomUUID();
      tasks.push(
        { id: pickupTask, stepId: pickupStep, typeSlug: 'pickup', taskOrderNo: 1 },
        { id: dropoffTask, stepId: dropoffStep, typeSlug: 'dropoff', taskOrderNo: 1 },
      );
      const parcelId = randomUUID();
      ps.push({
        id: parcelId,
        companyId,
        name: `Parcel ${i + 1}`,
        weightKg: 1 + Math.round(rand(i, 9) * 20),
        quantity: 1,
        trackingCode: trackingCode(12),
        createdAt,
      });
      links.push({ taskId: pickupTask, parcelId }, { taskId: dropoffTask, parcelId });
      windows.push({
        deliveryId: id,
        typeSlug: 'dropoff',
        startAt: createdAt,
        endAt: new Date(createdAt.getTime() + 4 * 3_600_000),
      });
      records.push({ deliveryId: id, statusType: 'live', statusSlug: 'created', createdAt });
      if (status !== 'created')
        records.push({ deliveryId: id, statusType: 'live', statusSlug: status, createdAt });
      if (LIVE_ACTIVE_STATUSES.includes(status)) {
        assignments.push({
          deliveryId: id,
          vehicleId: pick(vehicleIds, i),
          driverUserIds: [pick(driverIds, i)],
          assignedAt: createdAt,
        });
      }
    }
    await db.transaction(async (tx) => {
      await tx.insert(deliveries).values(d);
      await tx.insert(deliverySteps).values(steps);
      await tx.insert(deliveryStepTasks).values(tasks);
      await tx.insert(parcels).values(ps);
      await tx.insert(deliveryStepTaskParcels).values(links);
      await tx.insert(deliveryScheduleWindows).values(windows);
      await tx.insert(deliveryStatusRecords).values(records);
      if (assignments.length) await tx.insert(deliveryAssignments).values(assignments);
    });
    bar.update(start + n);
  }
  bar.done();
  return true;
}

async function main() {
  const countArg = process.argv.find((a) => a.startsWith('--deliveries='));
  const count = countArg ? Number(countArg.split('=')[1]) : 100_000;
  if (!Number.isInteger(count) || count < 1) throw new Error('--deliveries=N takes a whole number');
  const vehiclesArg = process.argv.find((a) => a.startsWith('--vehicles='));
  const vehicleCount = vehiclesArg ? Number(vehiclesArg.split('=')[1]) : 50;
  if (!Number.isInteger(vehicleCount) || vehicleCount < 1)
    throw new Error('--vehicles=N takes a whole number');
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    await database.migrate();
    const seeded = await seedLargeCompany(database.db, count, vehicleCount);
    // Fresh statistics after a bulk load: without them the planner guesses hundreds of children per delivery and
    // picks sequential scans (seen: a list page at 1 s instead of 5 ms). Vacuuming sets the visibility map, so
    // the list's page ids come from index-only scans without visiting the table. Autovacuum would get there, later.
    if (seeded) await database.db.execute(sql`vacuum analyze`);
    console.log(
      seeded
        ? `Seeded ${LARGE_COMPANY.name} (${LARGE_COMPANY.slug}) with ${count.toLocaleString('en-GB')} deliveries. Sign in as ${LARGE_COMPANY.admin} / ${LARGE_COMPANY.password}.`
        : `${LARGE_COMPANY.slug} exists already; nothing to do.`,
    );
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
