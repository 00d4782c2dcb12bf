import { fleetCalls } from '@courier/contract';
import type { FastifyInstance } from 'fastify';
import { notFound, unprocessable } from '../../lib/app-error.js';
import { registerCall } from '../../lib/route.js';
import { tenantOf } from '../../plugins/tenancy.plugin.js';
import { presentFleet } from './fleets.presenter.js';
import {
  addVehiclesToFleet,
  countOwnVehicles,
  deleteFleetRow,
  findFleet,
  insertFleet,
  listFleets,
  removeVehicleFromFleet,
  updateFleetRow,
} from './fleets.queries.js';

export function fleetRoutes(app: FastifyInstance): void {
  const db = app.database.db;
  const load = async (companyId: string, fleetId: string) => {
    const row = await findFleet(db, { companyId, fleetId });
    if (!row) throw notFound('Fleet');
    return presentFleet(row);
  };

  registerCall(app, fleetCalls.listFleets, async ({ request }) => ({
    data: (await listFleets(db, tenantOf(request).companyId)).map(presentFleet),
  }));

  registerCall(app, fleetCalls.createFleet, async ({ request, body }) => {
    const { companyId } = tenantOf(request);
    const id = await insertFleet(db, companyId, body);
    return { data: await load(companyId, id), message: 'Fleet created.' };
  });

  registerCall(app, fleetCalls.updateFleet, async ({ request, params, body }) => {
    const { companyId } = tenantOf(request);
    if (!(await updateFleetRow(db, { companyId, fleetId: params.fleetUuid }, body))) throw notFound('Fleet');
    return { data: await load(companyId, params.fleetUuid), message: 'Fleet renamed.' };
  });

  registerCall(app, fleetCalls.deleteFleet, async ({ request, params }) => {
    if (!(await deleteFleetRow(db, { companyId: tenantOf(request).companyId, fleetId: params.fleetUuid })))
      throw notFound('Fleet');
    return { data: { uuid: params.fleetUuid }, message: 'Fleet deleted.' };
  });

  registerCall(app, fleetCalls.addFleetVehicles, async ({ request, params, body }) => {
    const { companyId } = tenantOf(request);
    await load(companyId, params.fleetUuid);
    const ids = [...new Set(body.vehicleUuids)];
    if ((await countOwnVehicles(db, companyId, ids)) !== ids.length) {
      throw unprocessable({ vehicleUuids: ['Choose vehicles of your company.'] });
    }
    await addVehiclesToFleet(db, { companyId, fleetId: params.fleetUuid, vehicleIds: ids });
    return { data: await load(companyId, params.fleetUuid), message: 'Vehicles added to the fleet.' };
  });

  registerCall(app, fleetCalls.removeFleetVehicle, async ({ request, params }) => {
    const { companyId } = tenantOf(request);
    await load(companyId, params.fleetUuid);
    const removed = await removeVehicleFromFleet(db, {
      companyId,
      fleetId: params.fleetUuid,
      vehicleId: params.vehicleUuid,
    });
    if (!removed) throw notFound('Vehicle');
    return { data: await load(companyId, params.fleetUuid), message: 'Vehicle removed from the fleet.' };
  });
}
