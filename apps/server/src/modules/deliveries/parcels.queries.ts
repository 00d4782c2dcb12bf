import type { ListQuery } from '@courier/contract';
import { and, asc, count, desc, eq, ilike, inArray, or } from 'drizzle-orm';
import { visibleToCompany, type DeliveryAccess } from '../../access/delivery-access.js';
import type { DbOrTx } from '../../db/client.js';
import {
  deliveries,
  deliveryStatusRecords,
  deliverySteps,
  deliveryStepTaskParcels,
  deliveryStepTasks,
  originatorAccounts,
  parcels,
} from '../../db/schema/index.js';
import { likePattern } from '../../lib/like.js';
import { readPage } from '../../lib/pagination.js';
import { parcelColumns } from './delivery-children.queries.js';

/** A page of the company's parcels (search by name or tracking code) and the total behind it. */
export async function listParcels(db: DbOrTx, opts: { companyId: string; query: ListQuery }) {
  const { query } = opts;
  const where = and(
    eq(parcels.companyId, opts.companyId),
    query.search
      ? or(
          ilike(parcels.name, likePattern(query.search)),
          eq(parcels.trackingCode, query.search.toUpperCase()),
        )
      : undefined,
  );
  const dir = query.order === 'asc' ? asc : desc;
  return readPage(query, {
    rows: ({ limit, offset }) =>
      db
        .select(parcelColumns)
        .from(parcels)
        .where(where)
        .orderBy(dir(parcels.createdAt), dir(parcels.id))
        .limit(limit)
        .offset(offset),
    count: () => db.select({ n: count() }).from(parcels).where(where),
  });
}

/** The changed row, or undefined when the company has no such parcel. */
export async function updateParcelRow(
  db: DbOrTx,
  opts: { companyId: string; parcelId: string },
  values: Partial<typeof parcels.$inferInsert>,
) {
  const [row] = await db
    .update(parcels)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(parcels.id, opts.parcelId), eq(parcels.companyId, opts.companyId)))
    .returning(parcelColumns);
  return row;
}

export async function findParcelByTrackingCode(
  db: DbOrTx,
  opts: { companyId: string; trackingCode: string },
) {
  const [row] = await db
    .select(parcelColumns)
    .from(parcels)
    .where(
      and(eq(parcels.companyId, opts.companyId), eq(parcels.trackingCode, opts.trackingCode.toUpperCase())),
    );
  return row;
}

/** The delivery a parcel is on, among those the company sees (owns or carries). */
export async function findDeliveryOfParcel(db: DbOrTx, opts: { companyId: string; parcelId: string }) {
  const [row] = await db
    .select({
      uuid: deliveries.id,
      name: deliveries.name,
      liveStatusSlug: deliveries.liveStatusSlug,
      trackingCode: deliveries.trackingCode,
    })
    .from(deliveries)
    .where(
      and(
        visibleToCompany(opts.companyId),
        inArray(
          deliveries.id,
          db
            .select({ id: deliverySteps.deliveryId })
            .from(deliveryStepTaskParcels)
            .innerJoin(deliveryStepTasks, eq(deliveryStepTasks.id, deliveryStepTaskParcels.taskId))
            .innerJoin(deliverySteps, eq(deliverySteps.id, deliveryStepTasks.stepId))
            .where(eq(deliveryStepTaskParcels.parcelId, opts.parcelId)),
        ),
      ),
    )
    .limit(1);
  return row;
}

/** A delivery's live status records in order. */
export async function listLiveStatusRows(db: DbOrTx, opts: DeliveryAccess) {
  return db
    .select()
    .from(deliveryStatusRecords)
    .where(
      and(
        eq(deliveryStatusRecords.deliveryId, opts.deliveryId),
        eq(deliveryStatusRecords.statusType, 'live'),
      ),
    )
    .orderBy(asc(deliveryStatusRecords.seq));
}

export async function listOriginatorAccounts(db: DbOrTx, opts: { companyId: string }) {
  return db
    .select()
    .from(originatorAccounts)
    .where(eq(originatorAccounts.companyId, opts.companyId))
    .orderBy(asc(originatorAccounts.name));
}
export type OriginatorAccountRow = Awaited<ReturnType<typeof listOriginatorAccounts>>[number];
