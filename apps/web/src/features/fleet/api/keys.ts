import type { VEHICLE_SORTS } from '@courier/contract';

export type VehicleSort = (typeof VEHICLE_SORTS)[number];
export type SortOrder = 'asc' | 'desc';

/** Server-side search, filters and sort of the vehicle list; undefined means "any". */
export interface VehicleFilters {
  search?: string | undefined;
  status?: string | undefined;
  size?: string | undefined;
  fleet?: string | undefined;
  sort: VehicleSort;
  order: SortOrder;
}

/** Query keys of the fleet screens, under the company they belong to. */
export const fleetKeys = {
  all: (slug: string) => ['fleet', slug] as const,
  vehicles: (slug: string) => [...fleetKeys.all(slug), 'vehicles'] as const,
  vehicleList: (slug: string, filters: VehicleFilters) =>
    [...fleetKeys.vehicles(slug), 'list', filters] as const,
  vehiclePage: (slug: string, query: Record<string, string | number | undefined>) =>
    [...fleetKeys.vehicles(slug), 'page', query] as const,
  vehicle: (slug: string, uuid: string) => [...fleetKeys.vehicles(slug), 'one', uuid] as const,
  stats: (slug: string) => [...fleetKeys.all(slug), 'stats'] as const,
  models: (slug: string) => [...fleetKeys.all(slug), 'models'] as const,
  fleets: (slug: string) => [...fleetKeys.all(slug), 'fleets'] as const,
};
