import type { VehicleModel } from '@courier/contract';
import type { DbOrTx } from '../../db/client.js';
import { presentVehicleModel } from './lookups.presenter.js';
import { listVehicleModels } from './lookups.queries.js';

/** The shared catalogue of vehicle models, plus the company's own when one is given, keyed by uuid. */
export async function vehicleModelsById(
  db: DbOrTx,
  opts: { companyId?: string } = {},
): Promise<Record<string, VehicleModel>> {
  const rows = await listVehicleModels(db, opts);
  return Object.fromEntries(rows.map((r) => [r.id, presentVehicleModel(r)]));
}
