import { deliveryCalls, type Actor } from '@courier/contract';
import type { FastifyInstance } from 'fastify';
import { companyActor } from '../../access/actor.js';
import { deliveryAccess, type DeliveryAccess } from '../../access/delivery-access.js';
import { iso, isoOrNull } from '../../lib/dates.js';
import { paginationMeta } from '../../lib/pagination.js';
import type { SerializedAnswer } from '../../lib/route.js';
import { registerCall, serializeAnswer } from '../../lib/route.js';
import { VersionedCache } from '../../lib/versioned-cache.js';
import { tenantOf } from '../../plugins/tenancy.plugin.js';
import { presentAddress, presentContact } from '../directory/index.js';
import { listDeliveryDocuments } from '../documents/index.js';
import { latestNotes } from '../notes/index.js';
import { assignVehicleAndDrivers, openAssignment } from './assignment.service.js';
import { createDelivery } from './create-delivery.service.js';
import { lockDelivery } from '../../access/delivery-access.js';
import { presentDelivery } from './deliveries.presenter.js';
import { listDeliveryRows, childrenOf } from './deliveries.queries.js';
import { loadDelivery } from './deliveries.service.js';
import {
  presentParcel,
  presentQuote,
  presentTask,
  presentTaskContact,
} from './delivery-children.presenter.js';
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
import { changeStatus, statusAction } from './status.service.js';

export function deliveryRoutes(app: FastifyInstance): void {
  const db = app.database.db;

  // Dispatch consoles poll the same pages: a page is built once per company, query and data version (decision 009).
  // Every admin of one company sees the same page: their part in each delivery (owner or carrier admin) is the
  // company's, so the status choices do not depend on which admin asks.
  const pages = new VersionedCache<SerializedAnswer>();
  const totals = new VersionedCache<number>();
  registerCall(app, deliveryCalls.listDeliveries, async ({ request, query }) => {
    const { companyId, deliveriesVersion: version } = tenantOf(request);
    const actor: Actor = companyActor(request);
    return pages.get(`${companyId}:${JSON.stringify(query)}`, version, async () => {
      const { rows, total } = await listDeliveryRows(db, { companyId, query, version, totals });
      const children = childrenOf(rows);
      return serializeAnswer(deliveryCalls.listDeliveries, {
        data: rows.map((r) => presentDelivery(r, children, actor)),
        meta: paginationMeta(query, total),
      });
    });
  });

  // The detail also carries the delivery's documents (its proofs) and its latest notes; the list leaves them out.
  registerCall(app, deliveryCalls.getDelivery, async ({ request, params }) => {
    const { companyId, companySlug } = tenantOf(request);
    const access = await deliveryAccess(db, companyActor(request), 'read', params.deliveryUuid);
    const delivery = await loadDelivery(db, access);
    const [documents, notes] = await Promise.all([
      listDeliveryDocuments(db, access, companySlug),
      latestNotes(db, { companyId, type: 'deliveries', noteableId: delivery.uuid, count: 5 }),
    ]);
    return {
      data: {
        ...delivery,
        deliveryDocuments: documents,
        notes: notes.map((n) => ({ message: n.message, noteObject: n })),
      },
    };
  });

  registerCall(app, deliveryCalls.createDelivery, async ({ request, body }) => {
    const { companyId } = tenantOf(request);
    const actor = companyActor(request);
    const id = await createDelivery(app.database.db, app.routeEstimator, {
      companyId,
      userId: actor.userId,
      body,
    });
    return {
      data: await loadDelivery(db, await deliveryAccess(db, actor, 'read', id)),
      message: 'New mission has been created successfully',
    };
  });

  registerCall(app, deliveryCalls.changeStatus, async ({ request, params, body }) => {
    const actor = companyActor(request);
    const access = await deliveryAccess(db, actor, statusAction(body), params.deliveryUuid);
    await changeStatus(app.database.db, access, { actor: 'company-admin', body });
    return { data: await loadDelivery(db, access), message: 'Status changed.' };
  });

  // The vehicle and drivers are the acting company's own (the owner's while it has no carrier, then the carrier's).
  const link = async (access: DeliveryAccess, companyId: string, vehicleId: string, driverIds?: string[]) => {
    const row = await app.database.db.transaction(async (tx) => {
      const { delivery } = await lockDelivery(tx, access);
      const drivers = driverIds ?? (await openAssignment(tx, access))?.driverUserIds ?? [];
      return assignVehicleAndDrivers(tx, {
        companyId,
        deliveryId: delivery.id,
        userId: access.actor.userId,
        liveStatus: delivery.liveStatusSlug,
        vehicleId,
        driverUserIds: drivers,
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

  registerCall(app, deliveryCalls.linkVehicle, async ({ request, params, body }) => {
    const access = await deliveryAccess(db, companyActor(request), 'assign', params.deliveryUuid);
    return {
      data: await link(access, tenantOf(request).companyId, body.vehicleUuid),
      message: 'Linked Vehicle and Driver',
    };
  });

  registerCall(app, deliveryCalls.linkVehicleDriver, async ({ request, params, body }) => {
    const access = await deliveryAccess(db, companyActor(request), 'assign', params.deliveryUuid);
    return {
      data: await link(access, tenantOf(request).companyId, body.vehicleUuid, body.driverUserUuids),
      message: 'Linked Vehicle and Driver',
    };
  });

  // The per-delivery lists of spec section 7: `?deliveryUuid=` names the delivery, which the caller must be allowed to read.
  const readable = (request: Parameters<typeof companyActor>[0], deliveryId: string) =>
    deliveryAccess(db, companyActor(request), 'read', deliveryId);

  registerCall(app, deliveryCalls.listSteps, async ({ request, query }) => {
    const access = await readable(request, query.deliveryUuid);
    const id = access.deliveryId;
    const rows = await listStepRows(db, access);
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
    const access = await readable(request, query.deliveryUuid);
    const rows = await listTaskRows(db, access);
    return { data: rows.map(presentTask) };
  });

  registerCall(app, deliveryCalls.listParcels, async ({ request, query }) => {
    const access = await readable(request, query.deliveryUuid);
    const rows = await listParcelRows(db, access);
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
    const access = await readable(request, query.deliveryUuid);
    return { data: (await listQuoteRows(db, access)).map(presentQuote) };
  });

  registerCall(app, deliveryCalls.listStatuses, async ({ request, query }) => {
    const access = await readable(request, query.deliveryUuid);
    const id = access.deliveryId;
    const rows = await listStatusRows(db, access);
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
    const access = await readable(request, query.deliveryUuid);
    return { data: (await listAddressRows(db, access)).map(presentAddress) };
  });

  registerCall(app, deliveryCalls.listContacts, async ({ request, query }) => {
    const access = await readable(request, query.deliveryUuid);
    const rows = await listContactRows(db, access);
    return { data: rows.map(presentTaskContact) };
  });

  registerCall(app, deliveryCalls.listLocations, async ({ request, query }) => {
    const access = await readable(request, query.deliveryUuid);
    const id = access.deliveryId;
    const rows = await listLocationRows(db, access);
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
    const access = await readable(request, query.deliveryUuid);
    const id = access.deliveryId;
    const rows = await listAssignmentRows(db, access);
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
