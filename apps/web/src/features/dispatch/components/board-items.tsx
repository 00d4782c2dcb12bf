import type { BoardDelivery, BoardStop, RouteStop } from '@courier/contract';
import { useDraggable } from '@dnd-kit/core';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Checkbox, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconGripVertical, IconLock, IconLockOpen } from '@tabler/icons-react';
import { memo } from 'react';
import { count } from '../dispatch-format';
import classes from './dispatch.module.css';
import { ItemMenu, type ItemActions } from './item-menu';
import { KindIcon, kindLabel, StopTime, windowText } from './stop-bits';
import { ORANGE_TEXT } from './tones';

/** What is dragged, in dnd-kit's `data`: a stop of a route, or a delivery waiting unassigned. */
export type DragItem =
  | { type: 'stop'; stepUuid: string; deliveryUuid: string; driverUserUuid: string; label: string }
  | { type: 'delivery'; deliveryUuid: string; label: string };

export const stopId = (stepUuid: string) => `stop:${stepUuid}`;
export const deliveryId = (deliveryUuid: string) => `delivery:${deliveryUuid}`;
export const routeId = (driverUserUuid: string) => `route:${driverUserUuid}`;
export const UNASSIGNED_ID = 'unassigned';

const stopName = (stop: BoardStop) => `${stop.deliveryName} ${kindLabel(stop.kind).toLowerCase()}`;

/**
 * A stop of a driver's route: its handle to drag it (sortable within the route; onto another driver's route or the
 * unassigned list it moves its whole delivery), number, kind, address, planned time against the window, its lock and
 * its menu. Done stops are greyed and stay where they are.
 */
export const StopRow = memo(function StopRow({
  stop,
  number,
  color,
  driverUserUuid,
  planned,
  locked,
  actions,
}: {
  stop: BoardStop;
  number: number;
  color: string;
  driverUserUuid: string;
  /** The plan's times; undefined while being worked out, null when there are none. */
  planned: RouteStop | null | undefined;
  locked: boolean;
  actions: ItemActions;
}) {
  const name = stopName(stop);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: stopId(stop.stepUuid),
      data: {
        type: 'stop',
        stepUuid: stop.stepUuid,
        deliveryUuid: stop.deliveryUuid,
        driverUserUuid,
        label: name,
      } satisfies DragItem,
      disabled: stop.done,
    });
  const late = (planned?.lateMinutes ?? 0) > 0;
  return (
    <div
      ref={setNodeRef}
      className={classes.item}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-done={stop.done || undefined}
      data-late={late || undefined}
      data-dragging={isDragging || undefined}
      data-testid="route-stop"
      data-step={stop.stepUuid}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className={classes.handle}
        aria-label={`Drag ${name}`}
        disabled={stop.done}
        {...attributes}
        {...listeners}
      >
        <IconGripVertical size={16} aria-hidden />
      </button>
      <span className={classes.number} style={{ background: color }} aria-hidden>
        {number}
      </span>
      <Stack gap={2} className={classes.itemBody}>
        <Group gap={6} wrap="nowrap">
          <KindIcon kind={stop.kind} />
          <Text size="sm" fw={600} className={classes.clip} title={stop.deliveryName}>
            {stop.deliveryName}
          </Text>
        </Group>
        <Text size="xs" c="dimmed" className={classes.clip} title={stop.label}>
          {stop.done ? 'Done · ' : ''}
          {stop.label}
        </Text>
        <StopTime stop={stop} planned={planned} />
      </Stack>
      <Stack gap={0} align="center">
        <Tooltip label={locked ? 'Locked: the optimiser keeps it here' : 'Lock in place'} withinPortal>
          <ActionIcon
            variant={locked ? 'light' : 'subtle'}
            color={locked ? 'orange' : 'gray'}
            aria-label={`${locked ? 'Unlock' : 'Lock'} ${name}`}
            aria-pressed={locked}
            onClick={actions.onToggleLock}
            disabled={!actions.onToggleLock}
          >
            {locked ? <IconLock size={16} /> : <IconLockOpen size={16} />}
          </ActionIcon>
        </Tooltip>
        <ItemMenu label={name} disabled={stop.done} actions={actions} />
      </Stack>
    </div>
  );
});

/**
 * A delivery nobody carries yet: chosen (checkbox) for an optimisation, dragged onto a driver's route (its stops go
 * at the end), or moved there from its menu.
 */
export const DeliveryCard = memo(function DeliveryCard({
  delivery,
  stops,
  checked,
  onCheck,
  actions,
}: {
  delivery: Pick<BoardDelivery, 'uuid' | 'name' | 'assignedDriverName' | 'autoAssignReason'> & {
    weightKg: number | null;
  };
  stops: BoardStop[];
  checked: boolean;
  onCheck: (uuid: string, checked: boolean) => void;
  actions: ItemActions;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: deliveryId(delivery.uuid),
    data: { type: 'delivery', deliveryUuid: delivery.uuid, label: delivery.name } satisfies DragItem,
  });
  return (
    <div
      ref={setNodeRef}
      className={classes.item}
      data-dragging={isDragging || undefined}
      data-checked={checked || undefined}
      data-testid="unassigned-delivery"
      data-delivery={delivery.uuid}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className={classes.handle}
        aria-label={`Drag ${delivery.name}`}
        {...attributes}
        {...listeners}
      >
        <IconGripVertical size={16} aria-hidden />
      </button>
      <Checkbox
        mt={7}
        size="xs"
        checked={checked}
        onChange={(e) => onCheck(delivery.uuid, e.currentTarget.checked)}
        aria-label={`Choose ${delivery.name} for an optimisation`}
      />
      <Stack gap={4} className={classes.itemBody}>
        <Group gap={6} justify="space-between" wrap="nowrap">
          <Text size="sm" fw={600} className={classes.clip} title={delivery.name}>
            {delivery.name}
          </Text>
          {delivery.weightKg !== null ? (
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {delivery.weightKg.toLocaleString('en-GB')} kg
            </Text>
          ) : null}
        </Group>
        {stops.map((s) => (
          <Group key={s.stepUuid} gap={6} wrap="nowrap" align="flex-start">
            <KindIcon kind={s.kind} />
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="xs" className={classes.clip} title={s.label}>
                {s.label}
              </Text>
              <Text size="xs" c="dimmed">
                {s.done ? 'Done' : `window ${windowText(s.window)}`}
              </Text>
            </Stack>
          </Group>
        ))}
        {stops.length === 0 ? (
          <Text size="xs" c="dimmed">
            No stop yet
          </Text>
        ) : null}
        {delivery.autoAssignReason ? (
          <Text size="xs" c={ORANGE_TEXT} data-testid="auto-assign-reason">
            Not auto-assigned: {delivery.autoAssignReason}
          </Text>
        ) : null}
        {delivery.assignedDriverName ? (
          <Text size="xs" c="dimmed">
            Assigned to {delivery.assignedDriverName}, in no route yet
          </Text>
        ) : null}
      </Stack>
      <ItemMenu label={delivery.name} actions={actions} />
    </div>
  );
});

/** What follows the pointer while dragging. */
export function DragPreview({ item, stops }: { item: DragItem; stops: number }) {
  return (
    <div className={classes.overlay}>
      <Text size="sm" fw={600} className={classes.clip}>
        {item.label}
      </Text>
      <Text size="xs" c="dimmed">
        {item.type === 'delivery'
          ? `${count(stops, 'stop')}: drop it on a driver`
          : 'Drop it in place, on another driver, or on the unassigned list'}
      </Text>
    </div>
  );
}
