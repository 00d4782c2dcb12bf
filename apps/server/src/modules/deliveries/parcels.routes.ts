import { parcelCalls } from '@courier/contract';
import { and, asc, count, desc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  deliveries,
  deliveryStatusRecords,
  deliverySteps,
  deliveryStepTaskParcels,
  deliveryStepTasks,
  originatorAccounts,
  parcels,
} from '../../db/schema/index.js';
import { notFound, unprocessable } from '../../lib/app-error.js';
import { iso } from '../../lib/dates.js';
import { likePattern } from '../../lib/like.js';
import { paginationMeta } from '../../lib/pagination.js';
import { registerCall } from '../../lib/route.js';
import { tenantOf } from '../../plugins/tenancy.plugin.js';
import { companyActor } from '../../access/actor.js';
import { deliveryAccess, visibleToCompany } from '../../access/delivery-access.js';
import { presentParcel } from './delivery-children.presenter.js';
import { parcelColumns } from './delivery-children.queries.js';
import { addParcelToTask, insertParcel } from './delivery-edits.service.js';
import { deliveryStats } from './stats.queries.js';

export function parcelRoutes(app: FastifyInstance): void {
  const db = app.database.db;

  const page = async (
    companyId: string,
    query: { search?: string | undefined; page: number; per_page: number; order: 'asc' | 'desc' },
  ) => {
    const where = and(
      eq(parcels.companyId, companyId),
      query.search
        ? or(
            ilike(parcels.name, likePattern(query.search)),
            eq(parcels.trackingCode, query.search.toUpperCase()),
          )
        : undefined,
    );
    const dir = query.order === 'asc' ? asc : desc;
    const [rows, [total]] = await Promise.all([
      db
        .select(parcelColumns)
        .from(parcels)
        .where(where)
        .orderBy(dir(parcels.createdAt), dir(parcels.id))
        .limit(query.per_page)
        .offset((query.page - 1) * query.per_page),
      db.select({ n: count() }).from(parcels).where(where),
    ]);
    return { rows, meta: paginationMeta(query, total?.n ?? 0) };
  };

  registerCall(app, parcelCalls.listParcelUuids, async ({ request, query }) => {
    const { rows, meta } = await page(tenantOf(request).companyId, {
      ...query,
      order: query.order === 'asc' ? 'asc' : 'desc',
    });
    return { data: rows.map((r) => r.id), meta };
  });

  registerCall(app, parcelCalls.listParcelInfo, async ({ request, query }) => {
    const { rows, meta } = await page(tenantOf(request).companyId, {
      ...query,
      order: query.order === 'asc' ? 'asc' : 'desc',
    });
    return { data: Object.fromEntries(rows.map((r) => [r.id, presentParcel(r)])), meta };
  });

  registerCall(app, parcelCalls.createParcel, async ({ request, body }) => {
    const { companyId } = tenantOf(request);
    // A parcel put straight onto a delivery's task changes the delivery: the owner's right (policy `edit`).
    const row =
      body.deliveryUuid && body.deliveryStepTaskUuid
        ? await addParcelToTask(
            db,
            await deliveryAccess(db, companyActor(request), 'edit', body.deliveryUuid),
            { taskId: body.deliveryStepTaskUuid, parcel: body.parcel },
          )
        : await insertParcel(db, companyId, body.parcel, body.parcel.valueCurrencyCode ?? 'GBP');
    return { data: presentParcel(row), message: 'New parcel has been added.' };
  });

  registerCall(app, parcelCalls.updateParcel, async ({ request, params, body }) => {
    const { companyId } = tenantOf(request);
    const [row] = await db
      .update(parcels)
      .set({
        name: body.name,
        description: body.description ?? null,
        volumeCm3: body.volumeCm3,
        weightKg: body.weightKg,
        quantity: body.quantity,
        valueMinor: body.valueMinor ?? null,
        valueCurrencyCode: body.valueMinor !== undefined ? (body.valueCurrencyCode ?? 'GBP') : null,
        isFragile: body.isFragile,
        updatedAt: new Date(),
      })
      .where(and(eq(parcels.id, params.parcelUuid), eq(parcels.companyId, companyId)))
      .returning(parcelColumns);
    if (!row) throw notFound('Parcel');
    return { data: presentParcel(row), message: 'Parcel updated.' };
  });

  registerCall(app, parcelCalls.trackParcel, async ({ request, params }) => {
    const { companyId } = tenantOf(request);
    const [parcel] = await db
      .select(parcelColumns)
      .from(parcels)
      .where(
        and(eq(parcels.companyId, companyId), eq(parcels.trackingCode, params.trackingCode.toUpperCase())),
      );
    if (!parcel) throw notFound('Parcel');
    const [delivery] = await db
      .select({
        uuid: deliveries.id,
        name: deliveries.name,
        liveStatusSlug: deliveries.liveStatusSlug,
        trackingCode: deliveries.trackingCode,
      })
      .from(deliveries)
      .where(
        and(
          visibleToCompany(companyId),
          inArray(
            deliveries.id,
            db
              .select({ id: deliverySteps.deliveryId })
              .from(deliveryStepTaskParcels)
              .innerJoin(deliveryStepTasks, eq(deliveryStepTasks.id, deliveryStepTaskParcels.taskId))
              .innerJoin(deliverySteps, eq(deliverySteps.id, deliveryStepTasks.stepId))
              .where(eq(deliveryStepTaskParcels.parcelId, parcel.id)),
          ),
        ),
      )
      .limit(1);
    const timeline = delivery
      ? await db
          .select()
          .from(deliveryStatusRecords)
          .where(
            and(
              eq(deliveryStatusRecords.deliveryId, delivery.uuid),
              eq(deliveryStatusRecords.statusType, 'live'),
            ),
          )
          .orderBy(asc(deliveryStatusRecords.seq))
      : [];
    return {
      data: {
        parcel: presentParcel(parcel),
        delivery: delivery ?? null,
        timeline: timeline.map((r) => ({
          uuid: r.id,
          deliveryUuid: r.deliveryId,
          statusType: r.statusType,
          statusSlug: r.statusSlug,
          ...(r.statusMessage ? { statusMessage: r.statusMessage } : {}),
          createdAt: iso(r.createdAt),
        })),
      },
    };
  });

  registerCall(app, parcelCalls.listOriginatorAccounts, async ({ request }) => {
    const rows = await db
      .select()
      .from(originatorAccounts)
      .where(eq(originatorAccounts.companyId, tenantOf(request).companyId))
      .orderBy(asc(originatorAccounts.name));
    return {
      data: rows.map((r) => ({
        uuid: r.id,
        originatorSlug: r.originatorSlug,
        name: r.name,
        ...(r.externalId ? { externalId: r.externalId } : {}),
      })),
    };
  });

  registerCall(app, parcelCalls.deliveryStats, async ({ request, query }) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: query.tz });
    } catch {
      throw unprocessable({ tz: ['Unknown time zone.'] });
    }
    return {
      data: await deliveryStats(db, {
        companyId: tenantOf(request).companyId,
        days: query.days,
        tz: query.tz,
      }),
    };
  });
}
