import { PLACE_STATUS_LABELS, type PlaceStatus } from '@courier/contract';
import { Badge, type BadgeProps } from '@mantine/core';

/** A short word per status for a list's narrow column; the contract's full sentence is the badge's title. */
const BADGES: Record<PlaceStatus, { label: string; color: string }> = {
  placed: { label: 'On the map', color: 'green' },
  pending: { label: 'Being placed', color: 'gray' },
  not_found: { label: 'Not found', color: 'orange' },
  manual: { label: 'Placed by hand', color: 'blue' },
};

/** Whether an address has its point on the map (decision 060), beside the address in a list. */
export function PlaceStatusBadge({ status, ...props }: { status: PlaceStatus } & Omit<BadgeProps, 'color'>) {
  const badge = BADGES[status];
  return (
    <Badge
      variant="light"
      color={badge.color}
      radius="sm"
      tt="none"
      title={PLACE_STATUS_LABELS[status]}
      data-place-status={status}
      style={{ flexShrink: 0 }}
      {...props}
    >
      {badge.label}
    </Badge>
  );
}
