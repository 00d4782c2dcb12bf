import { deliveryCalls, type Actor } from '@courier/contract';
import type { FastifyInstance } from 'fastify';
import { companyActor } from '../../access/actor.js';
import { deliveryAccess } from '../../access/delivery-access.js';
import { paginationMeta } from '../../lib/pagination.js';
import type { SerializedAnswer } from '../../lib/route.js';
import { registerCall } from '../../lib/route.js';
import { VersionedCache } from '../../lib/versioned-cache.js';
import { tenantOf } from '../../plugins/tenancy.plugin.js';
import { presentAddress } from '../directory/index.js';
import { linkVehicle } from './assignment.service.js';
import { createDelivery } from './create-delivery.service.js';
import { listDeliveryRows } from './deliveries.queries.js';
import { loadDelivery, loadDeliveryDetailText } from './deliveries.service.js';
import {
  deliveryAnswer,
  deliveryAnswerText,
  deliveryPageAnswer,
  type ViewerDecisionCache,
} from './delivery-answer.presenter.js';
import {
  presentAssignment,
  presentLocationPoint,
  presentQuote,
  presentStatusRecord,
  presentStep,
  presentTask,
  presentTaskContact,
} from './delivery-children.presenter.js';
import {
  listAddressRows,
  listAssignmentRows,
  listContactRows,
  listLocationRows,
  listQuoteRows,
  listStatusRows,
  listStepRows,
  listTaskRows,
} from './delivery-children.queries.js';
import { listDeliveryParcels } from './parcels.service.js';
import { changeStatus } from './status.service.js';

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
      const { rows, total, nextCursor } = await listDeliveryRows(db, { companyId, query, version, totals });
      // PostgreSQL wrote each delivery's JSON; the policy's fields are added per row (decision 048).
      const meta = paginationMeta(query, total);
      const decisions: ViewerDecisionCache = new Map();
      return deliveryPageAnswer(
        rows.map((r) => deliveryAnswerText(r, actor, { decisions })),
        nextCursor === undefined ? meta : { ...meta, next_cursor: nextCursor },
      );
    });
  });

  // The detail also carries the delivery's documents (its proofs) and its latest notes; the list leaves them out.
  registerCall(app, deliveryCalls.getDelivery, async ({ request, params }) => {
    const access = await deliveryAccess(db, companyActor(request), 'read', params.deliveryUuid);
    return deliveryAnswer(await loadDeliveryDetailText(db, access, tenantOf(request)));
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
    // Whoever moves it at all; which moves are theirs (the owner's plan, the carrier's work) is asked under the lock.
    const access = await deliveryAccess(db, companyActor(request), 'move', params.deliveryUuid);
    await changeStatus(app.database.db, access, body);
    return { data: await loadDelivery(db, access), message: 'Status changed.' };
  });

  registerCall(app, deliveryCalls.linkVehicle, async ({ request, params, body }) => {
    const access = await deliveryAccess(db, companyActor(request), 'assign', params.deliveryUuid);
    const row = await linkVehicle(app.database.db, access, {
      companyId: tenantOf(request).companyId,
      vehicleId: body.vehicleUuid,
    });
    return { data: presentAssignment(row), message: 'Linked Vehicle and Driver' };
  });

  registerCall(app, deliveryCalls.linkVehicleDriver, async ({ request, params, body }) => {
    const access = await deliveryAccess(db, companyActor(request), 'assign', params.deliveryUuid);
    const row = await linkVehicle(app.database.db, access, {
      companyId: tenantOf(request).companyId,
      vehicleId: body.vehicleUuid,
      driverUserIds: body.driverUserUuids,
    });
    return { data: presentAssignment(row), message: 'Linked Vehicle and Driver' };
  });

  // The per-delivery lists of spec section 7: `?deliveryUuid=` names the delivery, which the caller must be allowed to read.
  const readable = (request: Parameters<typeof companyActor>[0], deliveryId: string) =>
    deliveryAccess(db, companyActor(request), 'read', deliveryId);

  registerCall(app, deliveryCalls.listSteps, async ({ request, query }) => {
    const access = await readable(request, query.deliveryUuid);
    return { data: (await listStepRows(db, access)).map(presentStep) };
  });

  registerCall(app, deliveryCalls.listTasks, async ({ request, query }) => {
    const access = await readable(request, query.deliveryUuid);
    const rows = await listTaskRows(db, access);
    return { data: rows.map(presentTask) };
  });

  registerCall(app, deliveryCalls.listParcels, async ({ request, query }) => {
    const access = await readable(request, query.deliveryUuid);
    return { data: await listDeliveryParcels(db, access) };
  });

  registerCall(app, deliveryCalls.listQuotes, async ({ request, query }) => {
    const access = await readable(request, query.deliveryUuid);
    return { data: (await listQuoteRows(db, access)).map(presentQuote) };
  });

  registerCall(app, deliveryCalls.listStatuses, async ({ request, query }) => {
    const access = await readable(request, query.deliveryUuid);
    const rows = await listStatusRows(db, access);
    return { data: rows.map((r) => presentStatusRecord(r, { author: true })) };
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
    const rows = await listLocationRows(db, access, { since: query.since, limit: query.limit });
    return { data: rows.map(presentLocationPoint) };
  });

  registerCall(app, deliveryCalls.listAssignments, async ({ request, query }) => {
    const access = await readable(request, query.deliveryUuid);
    return { data: (await listAssignmentRows(db, access)).map(presentAssignment) };
  });
}
