import type { BoardStop, DispatchBoard } from '@courier/contract';
import {
  closestCorners,
  DndContext,
  DragOverlay,
  getFirstCollision,
  KeyboardCode,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  type Over,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { Button, Group, Modal, Select, Stack, Text, useMantineTheme } from '@mantine/core';
import { useState } from 'react';
import { confirmDanger } from '../../../components/list/confirm';
import { useLookup } from '../../../lib/lookups/get-lookup';
import { useDispatchVehicles } from '../api/list-vehicles';
import {
  appendDelivery,
  moveStop,
  moveStopBy,
  routeOfDelivery,
  setVehicle,
  toggleLock,
  unassign,
  type Draft,
} from '../board-edit';
import { driverColor } from '../dispatch-format';
import type { BoardEditor } from '../hooks/use-board-editor';
import { DragPreview, UNASSIGNED_ID, type DragItem } from './board-items';
import classes from './dispatch.module.css';
import type { ItemActions } from './item-menu';
import { RouteColumn } from './route-column';
import { UnassignedColumn, type WaitingDelivery } from './unassigned-column';

/** The deliveries in no route of an arrangement, with what the board knows of each. */
export function waitingOf(board: DispatchBoard, draft: Draft, editor: BoardEditor): WaitingDelivery[] {
  const sent = new Map(board.unassigned.map((d) => [d.uuid, d]));
  return draft.unassigned.map((uuid) => {
    const d = sent.get(uuid);
    const stops = (editor.index?.stepsOf.get(uuid) ?? []).flatMap((id) => editor.index?.stops.get(id) ?? []);
    return {
      uuid,
      name: d?.name ?? editor.index?.names.get(uuid) ?? 'Delivery',
      weightKg: d?.weightKg ?? null,
      assignedDriverName: d?.assignedDriverName ?? null,
      autoAssignReason: d?.autoAssignReason ?? null,
      stops: d?.stops ?? stops,
    };
  });
}

/** Stops drop onto stops (their place in a route); lists take what is dropped anywhere else on them. */
const collision: CollisionDetection = (args) => {
  const within = pointerWithin(args);
  if (within.length > 0) {
    const items = within.filter((c) => String(c.id).startsWith('stop:'));
    return items.length > 0 ? items : within;
  }
  return closestCorners(args);
};

const ARROWS: string[] = [KeyboardCode.Down, KeyboardCode.Up, KeyboardCode.Left, KeyboardCode.Right];
const DOWN: string = KeyboardCode.Down;
const UP: string = KeyboardCode.Up;
const LEFT: string = KeyboardCode.Left;

/**
 * The arrow keys move what is held to the next list or stop that way: dnd-kit's sortable getter for stops, and the
 * same search for an unassigned delivery (a draggable that is no sortable, which that getter does not move).
 */
const keyboardCoordinates: KeyboardCoordinateGetter = (event, args) => {
  const moved = sortableKeyboardCoordinates(event, args);
  if (moved) return moved;
  const { active, collisionRect, droppableRects, droppableContainers, over } = args.context;
  if (!active || !collisionRect || !ARROWS.includes(event.code)) return undefined;
  const ahead = droppableContainers.getEnabled().filter((entry) => {
    const rect = droppableRects.get(entry.id);
    if (!rect) return false;
    if (event.code === DOWN) return collisionRect.top < rect.top;
    if (event.code === UP) return collisionRect.top > rect.top;
    if (event.code === LEFT) return collisionRect.left > rect.left;
    return collisionRect.left < rect.left;
  });
  const collisions = closestCorners({
    active,
    collisionRect,
    droppableRects,
    droppableContainers: ahead,
    pointerCoordinates: null,
  });
  let id = getFirstCollision(collisions, 'id');
  if (id === over?.id && collisions.length > 1) id = collisions[1]!.id;
  const rect = id != null ? droppableRects.get(id) : undefined;
  return rect ? { x: rect.left, y: rect.top } : undefined;
};

const SCREEN_READER_INSTRUCTIONS = {
  draggable:
    'To pick up a stop or a delivery, press space or enter. Move it with the arrow keys, press space or enter to drop it, or escape to cancel. Its menu moves it too.',
};

/**
 * The board's columns: the unassigned deliveries, then each driver's route. Stops and deliveries are dragged (by
 * their handle; dnd-kit, with the keyboard too) or moved from their menus; every edit goes through board-edit.ts,
 * which keeps a delivery's stops together and in order, and is refused there with the reason.
 */
export function DispatchBoardColumns({
  slug,
  board,
  editor,
  checked,
  onCheck,
  onCheckAll,
  onWorkingDay,
}: {
  slug: string;
  board: DispatchBoard;
  editor: BoardEditor;
  checked: ReadonlySet<string>;
  onCheck: (uuid: string, checked: boolean) => void;
  onCheckAll: (uuids: string[], checked: boolean) => void;
  onWorkingDay: (driverUserUuid: string) => void;
}) {
  const theme = useMantineTheme();
  const statuses = useLookup('driverStatuses');
  const [dragging, setDragging] = useState<DragItem | null>(null);
  const [moving, setMoving] = useState<{ deliveryUuid: string; name: string; from: string | null } | null>(
    null,
  );
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: keyboardCoordinates }),
  );
  const draft = editor.draft!;
  const index = editor.index!;
  const names = new Map(board.routes.map((r) => [r.driverUserUuid, `${r.firstName} ${r.lastName}`]));
  const wantsVehicles = board.routes.some(
    (r) => editor.changed.has(r.driverUserUuid) && (!r.vehicle || editor.routeErrors.has(r.driverUserUuid)),
  );
  const vehicles = useDispatchVehicles(slug, wantsVehicles || draft.routes.some((r) => r.vehicleUuid));
  const vehicleOptions = vehicles.data?.map((v) => ({
    value: v.uuid,
    label: v.registrationNumber ? `${v.name} (${v.registrationNumber})` : v.name,
  }));

  const askUnassign = (deliveryUuid: string) => {
    const from = routeOfDelivery(draft, index, deliveryUuid);
    if (!from) return;
    const name = index.names.get(deliveryUuid) ?? 'This delivery';
    confirmDanger({
      title: 'Unassign this delivery?',
      message: `${name} leaves ${names.get(from.driverUserUuid) ?? 'the driver'}'s route and waits with the unassigned deliveries. The driver sees the change once you save it.`,
      confirmLabel: 'Unassign',
      onConfirm: () => editor.apply(unassign(draft, index, deliveryUuid), 'Not Unassigned'),
    });
  };
  const stopActions =
    (driverUserUuid: string) =>
    (stop: BoardStop, position: number, total: number): ItemActions => ({
      onMoveToDriver: () =>
        setMoving({ deliveryUuid: stop.deliveryUuid, name: stop.deliveryName, from: driverUserUuid }),
      onMoveUp: position > 0 ? () => editor.apply(moveStopBy(draft, index, stop.stepUuid, -1)) : undefined,
      onMoveDown:
        position < total - 1 ? () => editor.apply(moveStopBy(draft, index, stop.stepUuid, 1)) : undefined,
      onToggleLock: stop.done ? undefined : () => editor.change((d) => toggleLock(d, stop.stepUuid)),
      locked: draft.routes.some((r) => r.lockedStepUuids.includes(stop.stepUuid)),
      onUnassign: () => askUnassign(stop.deliveryUuid),
    });
  const waitingActions = (d: WaitingDelivery): ItemActions => ({
    onMoveToDriver: () => setMoving({ deliveryUuid: d.uuid, name: d.name, from: null }),
  });

  const targetOf = (over: Over | null): { route: string } | 'unassigned' | null => {
    if (!over) return null;
    const id = String(over.id);
    const data = over.data.current as DragItem | undefined;
    if (id === UNASSIGNED_ID || data?.type === 'delivery') return 'unassigned';
    if (id.startsWith('route:')) return { route: id.slice('route:'.length) };
    if (data?.type === 'stop') return { route: data.driverUserUuid };
    return null;
  };
  const onDragStart = ({ active }: DragStartEvent) => setDragging((active.data.current as DragItem) ?? null);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(null);
    const item = active.data.current as DragItem | undefined;
    const target = targetOf(over);
    if (!item || !target) return;
    if (item.type === 'delivery') {
      if (target !== 'unassigned')
        editor.apply(appendDelivery(draft, index, item.deliveryUuid, target.route));
      return;
    }
    if (target === 'unassigned') return askUnassign(item.deliveryUuid);
    if (target.route !== item.driverUserUuid) {
      editor.apply(appendDelivery(draft, index, item.deliveryUuid, target.route));
      return;
    }
    const overData = over?.data.current as DragItem | undefined;
    if (overData?.type !== 'stop' || overData.stepUuid === item.stepUuid) return;
    const route = draft.routes.find((r) => r.driverUserUuid === target.route);
    const to = route?.stepUuids.indexOf(overData.stepUuid) ?? -1;
    if (to >= 0) editor.apply(moveStop(draft, index, item.stepUuid, to));
  };

  const labelOf = (data: unknown) => (data as DragItem | undefined)?.label ?? 'The item';
  const targetName = (over: Over | null) => {
    const target = targetOf(over);
    if (!target) return 'nowhere';
    if (target === 'unassigned') return 'the unassigned deliveries';
    const data = over?.data.current as DragItem | undefined;
    const route = `${names.get(target.route) ?? 'a driver'}'s route`;
    return data?.type === 'stop' ? `${data.label} in ${route}` : route;
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${labelOf(active.data.current)}.`,
    onDragOver: ({ active, over }) => `${labelOf(active.data.current)} is over ${targetName(over)}.`,
    onDragEnd: ({ active, over }) => `${labelOf(active.data.current)} was dropped on ${targetName(over)}.`,
    onDragCancel: ({ active }) => `Moving ${labelOf(active.data.current)} was cancelled.`,
  };

  const waiting = waitingOf(board, draft, editor);
  const drivers = board.routes.map((r) => ({ value: r.driverUserUuid, label: names.get(r.driverUserUuid)! }));
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragging(null)}
      accessibility={{ announcements, screenReaderInstructions: SCREEN_READER_INSTRUCTIONS }}
    >
      <div className={classes.board} data-testid="dispatch-board">
        <UnassignedColumn
          deliveries={waiting}
          checked={checked}
          onCheck={onCheck}
          onCheckAll={onCheckAll}
          actionsOf={waitingActions}
        />
        {board.routes.map((route, i) => {
          const layout = draft.routes.find((r) => r.driverUserUuid === route.driverUserUuid);
          if (!layout) return null;
          const chosen = layout.vehicleUuid
            ? (vehicleOptions?.find((o) => o.value === layout.vehicleUuid)?.label ?? 'Chosen vehicle')
            : null;
          return (
            <RouteColumn
              key={route.driverUserUuid}
              route={route}
              draft={layout}
              stops={index.stops}
              color={theme.colors[driverColor(i)][6]}
              changed={editor.changed.has(route.driverUserUuid)}
              outlook={editor.preview.outlook.get(route.driverUserUuid)}
              previewFailed={editor.conflict !== null || editor.routeErrors.size > 0}
              errors={editor.routeErrors.get(route.driverUserUuid) ?? []}
              statuses={statuses}
              vehicleOptions={vehicleOptions ?? null}
              vehicleName={chosen}
              actionsOf={stopActions(route.driverUserUuid)}
              onWorkingDay={() => onWorkingDay(route.driverUserUuid)}
              onVehicle={(uuid) => editor.change((d) => setVehicle(d, route.driverUserUuid, uuid))}
            />
          );
        })}
      </div>
      <DragOverlay dropAnimation={null}>
        {dragging ? (
          <DragPreview
            item={dragging}
            stops={dragging.type === 'delivery' ? (index.stepsOf.get(dragging.deliveryUuid)?.length ?? 0) : 1}
          />
        ) : null}
      </DragOverlay>
      <MoveDialog
        moving={moving}
        drivers={drivers}
        onClose={() => setMoving(null)}
        onMove={(driverUserUuid) => {
          if (moving && editor.apply(appendDelivery(draft, index, moving.deliveryUuid, driverUserUuid)))
            setMoving(null);
        }}
      />
    </DndContext>
  );
}

/** "Move to driver…": the delivery's open stops go to the end of the chosen driver's route. */
function MoveDialog({
  moving,
  drivers,
  onClose,
  onMove,
}: {
  moving: { deliveryUuid: string; name: string; from: string | null } | null;
  drivers: { value: string; label: string }[];
  onClose: () => void;
  onMove: (driverUserUuid: string) => void;
}) {
  const [chosen, setChosen] = useState<string | null>(null);
  const options = drivers.filter((d) => d.value !== moving?.from);
  return (
    <Modal
      opened={moving !== null}
      onClose={() => {
        setChosen(null);
        onClose();
      }}
      title={moving ? `Move ${moving.name}` : 'Move'}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (chosen) {
            onMove(chosen);
            setChosen(null);
          }
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            Its stops go together to the end of the chosen driver&apos;s route, pickup first; reorder them
            there if needed. Nothing changes for the drivers until you save.
          </Text>
          <Select
            label="Driver"
            placeholder="Choose a driver"
            data={options}
            value={chosen}
            onChange={setChosen}
            searchable
            nothingFoundMessage="No driver of that name"
            data-autofocus
            comboboxProps={{ withinPortal: true }}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!chosen}>
              Move
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
