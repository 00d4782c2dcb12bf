import type { BoardStop, RouteStop, StopKind } from '@courier/contract';
import { Badge, Group, Text, ThemeIcon } from '@mantine/core';
import { IconMapPin, IconPackageExport, IconPackageImport } from '@tabler/icons-react';
import { formatTime, formatWindowRange } from '../../../lib/date-format';
import { lateText } from '../dispatch-format';
import { RED_TEXT } from './tones';

const KIND = {
  pickup: { label: 'Pickup', color: 'teal', icon: IconPackageImport },
  dropoff: { label: 'Dropoff', color: 'indigo', icon: IconPackageExport },
  other: { label: 'Stop', color: 'gray', icon: IconMapPin },
} as const satisfies Record<StopKind, unknown>;

export const kindLabel = (kind: StopKind) => KIND[kind].label;

/** A stop's kind as a small icon in the map's colours (pickups teal, dropoffs indigo). */
export function KindIcon({ kind }: { kind: StopKind }) {
  const { label, color, icon: Icon } = KIND[kind];
  return (
    <ThemeIcon size={20} radius="xl" variant="light" color={color} role="img" aria-label={label}>
      <Icon size={13} aria-hidden />
    </ThemeIcon>
  );
}

/** "09:00–10:00" within a day, the days named across midnight, "any time" without a window. */
export function windowText(window: BoardStop['window']): string {
  if (!window) return 'any time';
  const start = new Date(window.startAt);
  const end = new Date(window.endAt);
  return start.toDateString() === end.toDateString()
    ? `${formatTime(start)}–${formatTime(end)}`
    : formatWindowRange(window.startAt, window.endAt);
}

/**
 * When the plan reaches a stop against its window: "09:40 · window 09:00–10:00", the time in red with "+12 min" when
 * late, and the stop's one ETA while its driver is out ("ETA 09:52", decision 073). `planned` absent: the times are
 * being worked out (a change not previewed yet).
 */
export function StopTime({ stop, planned }: { stop: BoardStop; planned: RouteStop | null | undefined }) {
  const late = planned ? planned.lateMinutes > 0 : false;
  return (
    <Group gap={6} wrap="wrap" data-testid="stop-time">
      {planned === undefined ? (
        <Text size="xs" c="dimmed" fs="italic">
          Working out…
        </Text>
      ) : planned?.plannedArrivalAt ? (
        <Text size="xs" fw={700} c={late ? RED_TEXT : undefined}>
          {formatTime(planned.plannedArrivalAt)}
        </Text>
      ) : (
        <Text size="xs" c="dimmed">
          No time
        </Text>
      )}
      <Text size="xs" c="dimmed">
        window {windowText(stop.window)}
      </Text>
      {planned && late ? (
        <Badge color="red" variant="light" size="xs" radius="sm" tt="none">
          {lateText(planned.lateMinutes)}
        </Badge>
      ) : null}
      {stop.etaAt && !stop.done ? (
        <Badge
          color="blue"
          variant="light"
          size="xs"
          radius="sm"
          tt="none"
          data-testid="stop-eta"
          title="Expected arrival from the driver's position now: the same time the delivery page, the driver and the recipient see"
        >
          ETA {formatTime(stop.etaAt)}
        </Badge>
      ) : null}
    </Group>
  );
}
