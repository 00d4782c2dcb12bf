import { VEHICLE_SORTS } from '@courier/contract';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { SortOrder, VehicleSort } from '../api/keys';
import type { VehicleFilterValues } from '../components/vehicle-filters';

const isSort = (value: string | null): value is VehicleSort =>
  value !== null && (VEHICLE_SORTS as readonly string[]).includes(value);

/**
 * The vehicle list's filters and sort live in the address (/VehicleManage?status=booked&sort=size), so a count on
 * the fleet dashboard can link to its vehicles and a reload keeps the view.
 */
export function useVehicleListParams() {
  const [params, setParams] = useSearchParams();
  const sortParam = params.get('sort');
  const sort: VehicleSort = isSort(sortParam) ? sortParam : 'name';
  const order: SortOrder = params.get('order') === 'desc' ? 'desc' : 'asc';
  const values: VehicleFilterValues = useMemo(
    () => ({ status: params.get('status'), size: params.get('size'), fleet: params.get('fleet') }),
    [params],
  );

  const update = useCallback(
    (patch: Record<string, string | null>) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(patch)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  /** Sorts by a column: the other way if the list is already sorted by it, else ascending. */
  const setSort = useCallback(
    (next: VehicleSort) => update({ sort: next, order: next === sort && order === 'asc' ? 'desc' : 'asc' }),
    [sort, order, update],
  );

  const hasFilters = Boolean(values.status || values.size || values.fleet);
  const clearFilters = useCallback(() => update({ status: null, size: null, fleet: null }), [update]);
  return { sort, order, values, update, setSort, hasFilters, clearFilters };
}
