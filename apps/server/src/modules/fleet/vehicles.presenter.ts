import type { Vehicle, VehicleSizeSlug, VehicleStats } from '@courier/contract';
import { iso } from '../../lib/dates.js';
import type { VehicleRow, vehicleCounts } from './vehicles.queries.js';

export function presentVehicle(row: VehicleRow, companySlug: string): Vehicle {
  return {
    uuid: row.id,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    vehicleStatusTypeSlug: row.statusSlug,
    companySlug,
    name: row.name,
    description: row.description,
    vehicleModelUuid: row.modelId,
    vehicleMakeTypeSlug: row.makeSlug,
    vehicleSizeTypeSlug: row.sizeSlug as VehicleSizeSlug,
    vehicleColourTypeSlug: row.colourSlug,
    registrationNumber: row.registrationNumber,
    vehicleYear: row.year,
    vehicleFeatureTypes: row.featureSlugs,
    registrationNumberChecked: row.registrationNumberChecked,
    registrationNumberVerified: row.registrationNumberVerified,
    fleetUuids: row.fleetIds,
    location: row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null,
  };
}

/** The company's vehicles counted by status and by size. */
export function presentVehicleStats({
  byStatus,
  bySize,
}: Awaited<ReturnType<typeof vehicleCounts>>): VehicleStats {
  return {
    total: byStatus.reduce((sum, r) => sum + r.n, 0),
    byStatus: Object.fromEntries(byStatus.map((r) => [r.slug, r.n])),
    bySize: Object.fromEntries(bySize.map((r) => [r.slug, r.n])),
  };
}
