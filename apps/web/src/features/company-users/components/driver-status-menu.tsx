import { displayName, driverStatusTag } from '@courier/contract';
import { StatusMenu, type StatusOption } from '../../../components/status-tag/status-menu';
import { useLookup } from '../../../lib/lookups/get-lookup';
import { useUpdateDriverStatus } from '../api/update-driver-status';
import type { DriverRow } from '../hooks/use-drivers';

/** A driver's status tag that opens a menu of statuses; choosing one changes it at once. */
export function DriverStatusMenu({ slug, driver }: { slug: string; driver: DriverRow }) {
  const statuses = useLookup('driverStatuses');
  const change = useUpdateDriverStatus(slug);
  const currentSlug = driver.info?.driverStatusSlug ?? 'offline';
  const optionOf = (value: string): StatusOption => ({
    value,
    label: statuses.map[value]?.name ?? statuses.labelOf(value),
    tag: statuses.map[value]?.tag ?? driverStatusTag(value),
  });
  const name = displayName(driver.user);
  return (
    <StatusMenu
      subject={name}
      current={{
        ...optionOf(currentSlug),
        label: driver.info?.driverStatusName ?? optionOf(currentSlug).label,
      }}
      options={statuses.entries.map((s) => optionOf(s.slug))}
      pending={change.isPending}
      onChoose={(option) =>
        change.mutate({
          driverUserUuid: driver.user.uuid,
          driverStatusSlug: option.value,
          driverName: name,
          statusName: option.label,
        })
      }
    />
  );
}
