import { vehicleStatusTag, type Vehicle } from '@courier/contract';
import { useCallback, useMemo } from 'react';
import type { StatusOption } from '../../../components/status-tag/status-menu';
import { useLookup } from '../../../lib/lookups/get-lookup';
import { useUpdateVehicleStatus } from '../api/update-vehicle-status';

/**
 * The vehicle statuses as menu options and one change function for a whole table, so each row's menu needs no
 * hooks of its own.
 */
export function useVehicleStatusOptions(slug: string) {
  const statuses = useLookup('vehicleStatuses');
  const change = useUpdateVehicleStatus(slug);
  const { mutate } = change;
  const options = useMemo(
    () =>
      statuses.entries.map((s): StatusOption => ({
        value: s.slug,
        label: s.name,
        tag: s.tag ?? vehicleStatusTag(s.slug),
      })),
    [statuses.entries],
  );
  const optionOf = useCallback(
    (slug: string): StatusOption =>
      options.find((o) => o.value === slug) ?? {
        value: slug,
        label: statuses.labelOf(slug),
        tag: vehicleStatusTag(slug),
      },
    [options, statuses],
  );
  const choose = useCallback(
    (vehicle: Vehicle, option: StatusOption) =>
      mutate({ vehicle, vehicleStatusTypeSlug: option.value, statusName: option.label }),
    [mutate],
  );
  const pendingUuid = change.isPending ? change.variables.vehicle.uuid : null;
  return { options, optionOf, choose, pendingUuid };
}
