import { createDeliveryBatch } from './batch-create.service.js';
import { deliveryCalls, type Actor } from '@courier/contract';
import type { FastifyInstance } from 'fastify';
import { authorOf, companyActor } from '../../access/actor.js';
import { deliveryAccess } from '../../access/delivery-access.js';
import { registerDeliveryCall } from '../../access/delivery-call.js';
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
  registerDeliveryCall(app, deliveryCalls.getDelivery, async ({ request, access }) =>
    deliveryAnswer(await loadDeliveryDetailText(db, access, tenantOf(request))),
  );

  registerCall(app, deliveryCalls.createDelivery, async ({ request, body }) => {
    const { companyId } = tenantOf(request);
    const actor = companyActor(request);
    const id = await createDelivery(app.database.db, app.routeEstimator, {
      companyId,
      author: authorOf(actor),
      body,
    });
    return {
      data: await loadDelivery(db, await deliveryAccess(db, actor, 'read', id)),
      message: 'New mission has been created successfully',
    };
  });

  // Orders at volume (issue 34): each item checked alone, written in sets (batch-create.service.ts); a batch of 1,000
  // is a few megabytes.
  registerCall(
    app,
    deliveryCalls.createDeliveries,
    async ({ request, body }) => {
      const result = await createDeliveryBatch(app.database.db, app.routeEstimator, {
        companyId: tenantOf(request).companyId,
        author: authorOf(companyActor(request)),
        items: body.deliveries,
        log: request.log,
      });
      return {
        data: result,
        message: `${result.created} created, ${result.failed} refused.`,
      };
    },
    { bodyLimit: 16 * 1024 * 1024 },
  );

  // Whoever moves it at all (`delivery:move`); which moves are theirs (the owner's plan, the carrier's work) is asked
  // under the lock.
  registerDeliveryCall(app, deliveryCalls.changeStatus, async ({ access, body }) => {
    await changeStatus(app.database.db, access, body);
    return { data: await loadDelivery(db, access), message: 'Status changed.' };
  });

  registerDeliveryCall(app, deliveryCalls.linkVehicle, async ({ request, access, body }) => {
    const row = await linkVehicle(app.database.db, access, {
      companyId: tenantOf(request).companyId,
      vehicleId: body.vehicleUuid,
    });
    return { data: presentAssignment(row), message: 'Linked Vehicle and Driver' };
  });

  registerDeliveryCall(app, deliveryCalls.linkVehicleDriver, async ({ request, access, body }) => {
    const row = await linkVehicle(app.database.db, access, {
      companyId: tenantOf(request).companyId,
      vehicleId: body.vehicleUuid,
      driverUserIds: body.driverUserUuids,
    });
    return { data: presentAssignment(row), message: 'Linked Vehicle and Driver' };
  });

  // The per-delivery lists of spec section 7: `?deliveryUuid=` names the delivery, which the caller must be allowed to
  // read (their rule, `delivery:read`).

  registerDeliveryCall(app, deliveryCalls.listSteps, async ({ access }) => {
    return { data: (await listStepRows(db, access)).map(presentStep) };
  });

  registerDeliveryCall(app, deliveryCalls.listTasks, async ({ access }) => {
    const rows = await listTaskRows(db, access);
    return { data: rows.map(presentTask) };
  });

  registerDeliveryCall(app, deliveryCalls.listParcels, async ({ access }) => {
    return { data: await listDeliveryParcels(db, access) };
  });

  registerDeliveryCall(app, deliveryCalls.listQuotes, async ({ access }) => {
    return { data: (await listQuoteRows(db, access)).map(presentQuote) };
  });

  registerDeliveryCall(app, deliveryCalls.listStatuses, async ({ access }) => {
    const rows = await listStatusRows(db, access);
    return {
      data: rows.map((r) =>
        presentStatusRecord(r.record, {
          author: true,
          authorFirstName: r.authorFirstName,
          apiKeyName: r.apiKeyName,
        }),
      ),
    };
  });

  registerDeliveryCall(app, deliveryCalls.listAddresses, async ({ access }) => {
    return { data: (await listAddressRows(db, access)).map(presentAddress) };
  });

  registerDeliveryCall(app, deliveryCalls.listContacts, async ({ access }) => {
    const rows = await listContactRows(db, access);
    return { data: rows.map(presentTaskContact) };
  });

  registerDeliveryCall(app, deliveryCalls.listLocations, async ({ access, query }) => {
    const rows = await listLocationRows(db, access, { since: query.since, limit: query.limit });
    return { data: rows.map(presentLocationPoint) };
  });

  registerDeliveryCall(app, deliveryCalls.listAssignments, async ({ access }) => {
    return { data: (await listAssignmentRows(db, access)).map(presentAssignment) };
  });
}
