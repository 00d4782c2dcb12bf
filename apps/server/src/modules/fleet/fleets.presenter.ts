import type { Fleet } from '@courier/contract';
import type { FleetRow } from './fleets.queries.js';

export function presentFleet(row: FleetRow): Fleet {
  return {
    uuid: row.id,
    name: row.name,
    ...(row.description ? { description: row.description } : {}),
    vehicleUuids: row.vehicleIds,
  };
}
