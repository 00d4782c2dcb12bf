import { parcelCalls } from '@courier/contract';
import type { FastifyInstance } from 'fastify';
import { companyActor } from '../../access/actor.js';
import { deliveryAccess } from '../../access/delivery-access.js';
import { paginationMeta } from '../../lib/pagination.js';
import { registerCall } from '../../lib/route.js';
import { tenantOf } from '../../plugins/tenancy.plugin.js';
import { presentParcel } from './delivery-children.presenter.js';
import { presentOriginatorAccount } from './parcels.presenter.js';
import { listOriginatorAccounts, listParcels } from './parcels.queries.js';
import { addParcelToTask, insertParcel, trackParcel, updateParcel } from './parcels.service.js';
import { deliveryStats } from './stats.queries.js';

export function parcelRoutes(app: FastifyInstance): void {
  const db = app.database.db;

  registerCall(app, parcelCalls.listParcelUuids, async ({ request, query }) => {
    const { rows, total } = await listParcels(db, { companyId: tenantOf(request).companyId, query });
    return { data: rows.map((r) => r.id), meta: paginationMeta(query, total) };
  });

  registerCall(app, parcelCalls.listParcelInfo, async ({ request, query }) => {
    const { rows, total } = await listParcels(db, { companyId: tenantOf(request).companyId, query });
    return {
      data: Object.fromEntries(rows.map((r) => [r.id, presentParcel(r)])),
      meta: paginationMeta(query, total),
    };
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
    const row = await updateParcel(db, {
      companyId: tenantOf(request).companyId,
      parcelId: params.parcelUuid,
      parcel: body,
    });
    return { data: presentParcel(row), message: 'Parcel updated.' };
  });

  registerCall(app, parcelCalls.trackParcel, async ({ request, params }) => ({
    data: await trackParcel(db, {
      actor: companyActor(request),
      companyId: tenantOf(request).companyId,
      trackingCode: params.trackingCode,
    }),
  }));

  registerCall(app, parcelCalls.listOriginatorAccounts, async ({ request }) => {
    const rows = await listOriginatorAccounts(db, { companyId: tenantOf(request).companyId });
    return { data: rows.map(presentOriginatorAccount) };
  });

  registerCall(app, parcelCalls.deliveryStats, async ({ request, query }) => {
    return {
      data: await deliveryStats(db, {
        companyId: tenantOf(request).companyId,
        days: query.days,
        tz: query.tz,
      }),
    };
  });
}
