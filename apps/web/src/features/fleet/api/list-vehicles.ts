import { fleetCalls } from '@courier/contract';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { callApiPage } from '../../../lib/api-client';
import { fleetKeys, type VehicleFilters } from './keys';

/** Rows per request of the vehicle table: the table loads the next page as the user scrolls near the end. */
export const VEHICLE_PAGE_SIZE = 200;

type VehicleQuery = Record<string, string | number | undefined>;

/** GET vehicle: one page of the company's vehicles, with its pagination meta. */
export const listVehicles = (slug: string, query: VehicleQuery, signal?: AbortSignal) =>
  callApiPage(fleetCalls.listVehicles, { params: { companySlug: slug }, query, signal });

export const vehiclesInfiniteQueryOptions = (slug: string, filters: VehicleFilters) =>
  infiniteQueryOptions({
    queryKey: fleetKeys.vehicleList(slug, filters),
    queryFn: ({ pageParam, signal }) =>
      listVehicles(slug, { ...filters, page: pageParam, per_page: VEHICLE_PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined,
    // Comparing ten thousand rows deeply on every page adds nothing: pages are replaced whole.
    structuralSharing: false,
  });

/** The vehicle table: pages of 200, fetched as the user scrolls. */
export function useVehiclesInfinite(slug: string, filters: VehicleFilters) {
  return useInfiniteQuery({
    ...vehiclesInfiniteQueryOptions(slug, filters),
    placeholderData: keepPreviousData,
  });
}

export const vehiclePageQueryOptions = (slug: string, query: VehicleQuery) =>
  queryOptions({
    queryKey: fleetKeys.vehiclePage(slug, query),
    queryFn: ({ signal }) => listVehicles(slug, query, signal),
  });

/** One page, for pickers and a fleet's member list. */
export function useVehiclePage(slug: string, query: VehicleQuery, enabled = true) {
  return useQuery({ ...vehiclePageQueryOptions(slug, query), enabled });
}
