import { Badge, Group, Text, type MantineSize } from '@mantine/core';
import { IconAlertTriangle, IconClock } from '@tabler/icons-react';
import { StatusTag } from '../../../components/status-tag/status-tag';
import { useLookup } from '../../../lib/lookups/get-lookup';
import { formatWindow, isLate, type StopKind, type StopWindow } from '../stops';

/** Pickups teal and dropoffs indigo, as the markers on the map. */
const KIND = {
  pickup: { label: 'Pickup', color: 'teal' },
  dropoff: { label: 'Dropoff', color: 'indigo' },
  other: { label: 'Stop', color: 'gray' },
} as const;

export function StopKindBadge({ kind, size = 'md' }: { kind: StopKind; size?: MantineSize }) {
  return (
    <Badge color={KIND[kind].color} variant="filled" radius="sm" size={size} tt="none">
      {KIND[kind].label}
    </Badge>
  );
}

/** A delivery's live status in its lookup colour. */
export function LiveStatusTag({ status, size = 'md' }: { status: string; size?: MantineSize }) {
  const statuses = useLookup('deliveryLiveStatuses');
  return (
    <StatusTag
      size={size}
      tag={statuses.map[status]?.tag}
      label={statuses.labelOf(status)}
      data-testid="driver-delivery-status"
    />
  );
}

/** "Today 14:00–16:00", with a red "Late" once the window has ended and the stop still waits. */
export function WindowLine({
  window,
  kind,
  size = 'sm',
}: {
  window: StopWindow | null;
  kind: StopKind;
  size?: MantineSize;
}) {
  if (!window) {
    return (
      <Group gap={6} wrap="nowrap" c="dimmed">
        <IconClock size={16} aria-hidden />
        <Text size={size}>{kind === 'other' ? 'No time window' : `No ${kind} window`}</Text>
      </Group>
    );
  }
  const late = isLate(window);
  return (
    <Group gap={6} wrap="wrap">
      <IconClock size={16} aria-hidden />
      <Text size={size} fw={600}>
        {formatWindow(window)}
      </Text>
      {late ? (
        <Badge color="red" variant="light" size="sm" leftSection={<IconAlertTriangle size={12} />}>
          Late
        </Badge>
      ) : null}
    </Group>
  );
}
