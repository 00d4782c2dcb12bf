import { deliveryCalls } from '@courier/contract';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import { iso, isoOrNull } from '../../lib/dates.js';
import { paginationMeta } from '../../lib/pagination.js';
import type { SerializedAnswer } from '../../lib/route.js';
import { registerCall, serializeAnswer } from '../../lib/route.js';
import { VersionedCache } from '../../lib/versioned-cache.js';
import { tenantOf } from '../../plugins/tenancy.plugin.js';
import { presentAddress } from '../users/users.presenter.js';
import { assignVehicleAndDrivers, openAssignment } from './assignment.service.js';
import { createDelivery } from './create-delivery.service.js';
import { requireDelivery } from './deliveries.access.js';
import { presentDelivery } from './deliveries.presenter.js';
import { findDeliveryRow, listDeliveryRows, childrenOf } from './deliveries.queries.js';
import { presentContact, presentParcel, presentQuote } from './delivery-children.presenter.js';
import {
  listAddressRows,
  listAssignmentRows,
  listContactRows,
  listLocationRows,
  listParcelContactRows,
  listParcelRows,
  listQuoteRows,
  listStatusRows,
  listStepRows,
  listTaskRows,
} from './delivery-children.queries.js';
import { changeStatus } from './status.service.js';
import { presentNote } from '../notes/notes.presenter.js';
import { listTopNotes } from '../notes/notes.queries.js';
import { presentProof } from '../proofs/proofs.presenter.js';
import { listProofRows } from '../proofs/proofs.queries.js';

const ADMIN: ('company-admin' | 'driver')[] = ['company-admin'];

export async function loadDelivery(db: DbOrTx, companyId: string, deliveryId: string) {
  const row = await findDeliveryRow(db, { companyId, deliveryId });
  if (!row) throw notFound('Delivery');
  return presentDelivery(row, childrenOf([row]), ADMIN);
}

export function deliveryRoutes(app: FastifyInstance): void {
  const db = app.database.db;

  // Dispatch consoles poll the same pages: a page is built once per company, query and data version (decision 009).
  const pages = new VersionedCache<SerializedAnswer>();
  const totals = new VersionedCache<number>();
  registerCall(app, deliveryCalls.listDeliveries, async ({ request, query }) => {
    const { companyId, deliveriesVersion: version } = tenantOf(request);
    return pages.get(`${companyId}:${JSON.stringify(query)}`, version, async () => {
      const { rows, total } = await listDeliveryRows(db, { companyId, query, version, totals });
      const children = childrenOf(rows);
      return serializeAnswer(deliveryCalls.listDeliveries, {
        data: rows.map((r) => presentDelivery(r, children, ADMIN)),
        meta: paginationMeta(query, total),
      });
    });
  });

  // The detail also carries the delivery's documents (its proofs) and its latest notes; the list leaves them out.
  registerCall(app, deliveryCalls.getDelivery, async ({ request, params }) => {
    const { companyId, companySlug } = tenantOf(request);
    const delivery = await loadDelivery(db, companyId, params.deliveryUuid);
    const [proofs, latestNotes] = await Promise.all([
      listProofRows(db, delivery.uuid),
      listTopNotes(db, {
        companyId,
        type: 'deliveries',
        noteableId: delivery.uuid,
        query: { page: 1, per_page: 5 },
      }),
    ]);
    return {
      data: {
        ...delivery,
        deliveryDocuments: proofs.map((p) => presentProof(p, companySlug).document),
        notes: latestNotes.rows.map((n) => ({ message: n.message, noteObject: presentNote(n) })),
      },
    };
  });

  registerCall(app, deliveryCalls.createDelivery, async ({ request, body }) => {
    const { companyId } = tenantOf(request);
    const id = await createDelivery(app.database.db, app.routeEstimator, {
      companyId,
      userId: request.auth!.userId,
      body,
    });
    return {
      data: await loadDelivery(db, companyId, id),
      message: 'New mission has been created successfully',
    };
  });

  registerCall(app, deliveryCalls.changeStatus, async ({ request, params, body }) => {
    const { companyId } = tenantOf(request);
    await changeStatus(app.database.db, {
      companyId,
      deliveryId: params.deliveryUuid,
      userId: request.auth!.userId,
      body,
    });
    return { data: await loadDelivery(db, companyId, params.deliveryUuid), message: 'Status changed.' };
  });

  const link = async (
    companyId: string,
    userId: string,
    deliveryId: string,
    vehicleId: string,
    driverIds?: string[],
  ) => {
    const row = await app.database.db.transaction(async (tx) => {
      const delivery = await requireDelivery(tx, { companyId, deliveryId, forUpdate: true });
      const drivers = driverIds ?? (await openAssignment(tx, deliveryId))?.driverUserIds ?? [];
      return assignVehicleAndDrivers(tx, {
        companyId,
        deliveryId,
        liveStatus: delivery.liveStatusSlug,
        vehicleId,
        driverUserIds: drivers,
        userId,
      });
    });
    return {
      deliveryUuid: row.deliveryId,
      vehicleUuid: row.vehicleId,
      driverUserUuids: row.driverUserIds,
      assignedAt: iso(row.assignedAt),
      unassignedAt: isoOrNull(row.unassignedAt),
    };
  };

  registerCall(app, deliveryCalls.linkVehicle, async ({ request, params, body }) => ({
    data: await link(
      tenantOf(request).companyId,
      request.auth!.userId,
      params.deliveryUuid,
      body.vehicleUuid,
    ),
    message: 'Linked Vehicle and Driver',
  }));

  registerCall(app, deliveryCalls.linkVehicleDriver, async ({ request, params, body }) => ({
    data: await link(
      tenantOf(request).companyId,
      request.auth!.userId,
      params.deliveryUuid,
      body.vehicleUuid,
      body.driverUserUuids,
    ),
    message: 'Linked Vehicle and Driver',
  }));

  // The per-delivery lists of spec section 7: `?deliveryUuid=` names the delivery, which must be visible.
  const visible = async (companyId: string, deliveryId: string) =>
    (await requireDelivery(db, { companyId, deliveryId })).id;

  registerCall(app, deliveryCalls.listSteps, async ({ request, query }) => {
    const id = await visible(tenantOf(request).companyId, query.deliveryUuid);
    const rows = await listStepRows(db, id);
    return {
      data: rows.map((s) => ({
        uuid: s.id,
        deliveryUuid: id,
        stepOrderNo: s.stepOrderNo,
        ...(s.addressId ? { addressUuid: s.addressId } : {}),
        location: s.lat !== null && s.lng !== null ? { lat: s.lat, lng: s.lng } : null,
      })),
    };
  });

  registerCall(app, deliveryCalls.listTasks, async ({ request, query }) => {
    const id = await visible(tenantOf(request).companyId, query.deliveryUuid);
    const rows = await listTaskRows(db, id);
    return {
      data: rows.map((t) => ({
        uuid: t.id,
        deliveryStepTaskUuid: t.id,
        deliveryStepUuid: t.stepId,
        deliveryStepTaskTypeSlug: t.typeSlug,
        taskOrderNo: t.taskOrderNo,
        completedAt: isoOrNull(t.completedAt),
      })),
    };
  });

  registerCall(app, deliveryCalls.listParcels, async ({ request, query }) => {
    const id = await visible(tenantOf(request).companyId, query.deliveryUuid);
    const rows = await listParcelRows(db, id);
    const contactRows = await listParcelContactRows(
      db,
      rows.map((r) => r.id),
    );
    return {
      data: rows.map((r) =>
        presentParcel(r, contactRows.filter((c) => c.parcelId === r.id).map(presentContact)),
      ),
    };
  });

  registerCall(app, deliveryCalls.listQuotes, async ({ request, query }) => {
    const id = await visible(tenantOf(request).companyId, query.deliveryUuid);
    return { data: (await listQuoteRows(db, id)).map(presentQuote) };
  });

  registerCall(app, deliveryCalls.listStatuses, async ({ request, query }) => {
    const id = await visible(tenantOf(request).companyId, query.deliveryUuid);
    const rows = await listStatusRows(db, id);
    return {
      data: rows.map((r) => ({
        uuid: r.id,
        deliveryUuid: id,
        statusType: r.statusType,
        statusSlug: r.statusSlug,
        ...(r.statusMessage ? { statusMessage: r.statusMessage } : {}),
        createdAt: iso(r.createdAt),
        ...(r.createdByUserId ? { createdByUserUuid: r.createdByUserId } : {}),
      })),
    };
  });

  registerCall(app, deliveryCalls.listAddresses, async ({ request, query }) => {
    const id = await visible(tenantOf(request).companyId, query.deliveryUuid);
    return { data: (await listAddressRows(db, id)).map(presentAddress) };
  });

  registerCall(app, deliveryCalls.listContacts, async ({ request, query }) => {
    const id = await visible(tenantOf(request).companyId, query.deliveryUuid);
    const rows = await listContactRows(db, id);
    return {
      data: rows.map((c) => ({
        uuid: c.id,
        firstname: c.firstname,
        lastname: c.lastname,
        ...(c.email ? { email: c.email } : {}),
        phoneNumber: c.phoneNumber,
        companyName: c.companyName,
        deliveryStepTaskUuids: c.taskIds,
      })),
    };
  });

  registerCall(app, deliveryCalls.listLocations, async ({ request, query }) => {
    const id = await visible(tenantOf(request).companyId, query.deliveryUuid);
    const rows = await listLocationRows(db, id);
    return {
      data: rows.map((p) => ({
        uuid: p.id,
        deliveryUuid: id,
        location: { lat: p.lat, lng: p.lng },
        recordedAt: iso(p.recordedAt),
        ...(p.speed !== null ? { speed: p.speed } : {}),
        ...(p.heading !== null ? { heading: p.heading } : {}),
        ...(p.accuracy !== null ? { accuracy: p.accuracy } : {}),
      })),
    };
  });

  registerCall(app, deliveryCalls.listAssignments, async ({ request, query }) => {
    const id = await visible(tenantOf(request).companyId, query.deliveryUuid);
    const rows = await listAssignmentRows(db, id);
    return {
      data: rows.map((a) => ({
        deliveryUuid: id,
        vehicleUuid: a.vehicleId,
        driverUserUuids: a.driverUserIds,
        assignedAt: iso(a.assignedAt),
        unassignedAt: isoOrNull(a.unassignedAt),
      })),
    };
  });
}
