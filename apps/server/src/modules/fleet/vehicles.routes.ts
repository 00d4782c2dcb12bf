import { fleetCalls } from '@courier/contract';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/app-error.js';
import { paginationMeta } from '../../lib/pagination.js';
import { registerCall } from '../../lib/route.js';
import { tenantOf } from '../../plugins/tenancy.plugin.js';
import { presentVehicleModel, vehicleModelsById } from '../lookups/index.js';
import { presentVehicle, presentVehicleStats } from './vehicles.presenter.js';
import { findVehicle, listVehicles, updateVehicleRow, vehicleCounts } from './vehicles.queries.js';
import { createVehicle, deleteVehicle, updateVehicle } from './vehicles.service.js';
import { createVehicleModel } from './vehicle-models.service.js';

export function vehicleRoutes(app: FastifyInstance): void {
  const db = app.database.db;

  const load = async (companyId: string, companySlug: string, vehicleId: string) => {
    const row = await findVehicle(db, { companyId, vehicleId });
    if (!row) throw notFound('Vehicle');
    return presentVehicle(row, companySlug);
  };

  registerCall(app, fleetCalls.listVehicles, async ({ request, query }) => {
    const t = tenantOf(request);
    const { rows, total } = await listVehicles(db, { companyId: t.companyId, query });
    return { data: rows.map((r) => presentVehicle(r, t.companySlug)), meta: paginationMeta(query, total) };
  });

  registerCall(app, fleetCalls.vehicleStats, async ({ request }) => {
    return { data: presentVehicleStats(await vehicleCounts(db, tenantOf(request).companyId)) };
  });

  registerCall(app, fleetCalls.getVehicle, async ({ request, params }) => {
    const t = tenantOf(request);
    return { data: await load(t.companyId, t.companySlug, params.vehicleUuid) };
  });

  registerCall(app, fleetCalls.createVehicle, async ({ request, body }) => {
    const t = tenantOf(request);
    const id = await createVehicle(app.database.db, { companyId: t.companyId, input: body });
    return { data: await load(t.companyId, t.companySlug, id), message: 'Vehicle added.' };
  });

  registerCall(app, fleetCalls.updateVehicle, async ({ request, params, body }) => {
    const t = tenantOf(request);
    await updateVehicle(app.database.db, {
      companyId: t.companyId,
      vehicleId: params.vehicleUuid,
      input: body,
    });
    return { data: await load(t.companyId, t.companySlug, params.vehicleUuid), message: 'Vehicle updated.' };
  });

  registerCall(app, fleetCalls.deleteVehicle, async ({ request, params }) => {
    await deleteVehicle(app.database.db, {
      companyId: tenantOf(request).companyId,
      vehicleId: params.vehicleUuid,
    });
    return { data: { uuid: params.vehicleUuid }, message: 'Vehicle deleted.' };
  });

  registerCall(app, fleetCalls.updateVehicleStatus, async ({ request, body }) => {
    const t = tenantOf(request);
    const found = await updateVehicleRow(
      db,
      { companyId: t.companyId, vehicleId: body.vehicleUuid },
      { statusSlug: body.vehicleStatusTypeSlug },
    );
    if (!found) throw notFound('Vehicle');
    return {
      data: await load(t.companyId, t.companySlug, body.vehicleUuid),
      message: 'Vehicle status changed.',
    };
  });

  registerCall(app, fleetCalls.listVehicleModels, async ({ request }) => {
    return { data: await vehicleModelsById(db, { companyId: tenantOf(request).companyId }) };
  });

  registerCall(app, fleetCalls.createVehicleModel, async ({ request, body }) => {
    const model = await createVehicleModel(app.database.db, {
      companyId: tenantOf(request).companyId,
      input: body,
    });
    return { data: presentVehicleModel(model), message: 'Vehicle model added.' };
  });
}
