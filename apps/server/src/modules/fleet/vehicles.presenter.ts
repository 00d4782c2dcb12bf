import type { Vehicle, VehicleSizeSlug } from '@courier/contract';
import { iso } from '../../lib/dates.js';
import type { VehicleRow } from './vehicles.queries.js';

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
