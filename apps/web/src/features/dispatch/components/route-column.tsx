import {
  driverStatusTag,
  type BoardStop,
  type DriverRoute,
  type RouteFigures,
  type RouteStop,
} from '@courier/contract';
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Alert, Button, Card, Group, Progress, Select, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCalendarTime, IconTruck } from '@tabler/icons-react';
import { StatusTag } from '../../../components/status-tag/status-tag';
import { formatTime } from '../../../lib/date-format';
import { formatDistance, formatDuration } from '../../../lib/delivery-format';
import type { LookupList } from '../../../lib/lookups/get-lookup';
import type { DraftRoute } from '../board-edit';
import { count, figureChanges, loadOf } from '../dispatch-format';
import type { RouteError, RouteOutlook } from '../hooks/use-board-editor';
import { routeId, StopRow } from './board-items';
import classes from './dispatch.module.css';
import type { ItemActions } from './item-menu';
import { RED_TEXT, ORANGE_TEXT } from './tones';

/** A driver away for the day: an optimisation that names them gives their stops not yet started to the others. */
const AWAY = ['on-leave', 'unavailable'];

export interface VehicleOption {
  value: string;
  label: string;
}

/** "Shift 08:00–18:00 · break 30 min between 12:00 and 14:00". */
function shiftText(shift: DriverRoute['shift']) {
  const hours = `${formatTime(shift.startsAt)}–${formatTime(shift.endsAt)}`;
  return shift.breakMinutes > 0
    ? `${hours} · break ${shift.breakMinutes} min, starting ${formatTime(shift.breakFrom)}–${formatTime(shift.breakUntil)}`
    : `${hours} · no break`;
}

function LoadBar({ figures, vehicle }: { figures: RouteFigures; vehicle: DriverRoute['vehicle'] }) {
  const load = loadOf(figures, vehicle);
  return (
    <Stack gap={2}>
      <Group justify="space-between" gap={4} wrap="nowrap">
        <Text size="xs" c="dimmed">
          Peak load
        </Text>
        <Text size="xs" c={load.over ? RED_TEXT : 'dimmed'} fw={load.over ? 700 : undefined} ta="right">
          {load.label}
        </Text>
      </Group>
      {load.percent !== null ? (
        <Progress
          value={Math.min(100, load.percent)}
          color={load.over ? 'red' : load.percent > 85 ? 'orange' : 'teal'}
          size="sm"
          aria-label={`Peak load ${load.percent}% of the vehicle's capacity`}
        />
      ) : null}
      {load.over ? (
        <Text size="xs" c={RED_TEXT} fw={600}>
          Over the vehicle&apos;s capacity
        </Text>
      ) : null}
    </Stack>
  );
}

/** Distance, duration and late stops; before → after while the route has unsaved changes. */
function Figures({ figures, before }: { figures: RouteFigures; before: RouteFigures | null }) {
  if (before) {
    return (
      <Stack gap={2} data-testid="route-figures-change">
        {figureChanges(before, figures).map((c) => (
          <Group key={c.label} justify="space-between" gap={4} wrap="nowrap">
            <Text size="xs" c="dimmed">
              {c.label}
            </Text>
            <Text size="xs" ta="right">
              {c.before} →{' '}
              <span
                className={
                  c.trend === 'better'
                    ? classes.trendBetter
                    : c.trend === 'worse'
                      ? classes.trendWorse
                      : undefined
                }
                style={{ fontWeight: 700 }}
              >
                {c.after}
              </span>
            </Text>
          </Group>
        ))}
      </Stack>
    );
  }
  return (
    <Text size="xs" c="dimmed" data-testid="route-figures">
      {formatDistance(figures.distanceM)} · {formatDuration(figures.durationS)} ·{' '}
      <Text
        span
        size="xs"
        c={figures.lateStops > 0 ? RED_TEXT : 'dimmed'}
        fw={figures.lateStops > 0 ? 700 : undefined}
      >
        {count(figures.lateStops, 'late stop')}
      </Text>
    </Text>
  );
}

/**
 * A driver's column: who, their status and working day, the vehicle with its load against capacity, the stops in
 * order (sortable), and the route's figures. With unsaved changes it shows the preview's times and figures (before →
 * after) and the server's refusals; a driver without a vehicle for new deliveries is offered one here.
 */
export function RouteColumn({
  route,
  draft,
  stops,
  color,
  changed,
  outlook,
  previewFailed,
  errors,
  statuses,
  vehicleOptions,
  vehicleName,
  actionsOf,
  onWorkingDay,
  onVehicle,
}: {
  route: DriverRoute;
  draft: DraftRoute;
  stops: ReadonlyMap<string, BoardStop>;
  /** The driver's colour, as on the map (CSS). */
  color: string;
  changed: boolean;
  outlook: RouteOutlook | undefined;
  previewFailed: boolean;
  errors: RouteError[];
  statuses: LookupList;
  vehicleOptions: VehicleOption[] | null;
  /** The vehicle chosen on the board for this route, by name. */
  vehicleName: string | null;
  actionsOf: (stop: BoardStop, position: number, total: number) => ItemActions;
  onWorkingDay: () => void;
  onVehicle: (vehicleUuid: string | null) => void;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: routeId(route.driverUserUuid) });
  const name = `${route.firstName} ${route.lastName}`;
  const saved = new Map(route.stops.map((s) => [s.stepUuid, s]));
  const plannedOf = (stepUuid: string): RouteStop | null | undefined => {
    if (!changed) return saved.get(stepUuid) ?? null;
    if (previewFailed) return null;
    return outlook?.stops.get(stepUuid);
  };
  const figures = changed && outlook ? outlook.after : route.figures;
  const vehicleError = errors.find((e) => e.field === 'vehicleUuid');
  const otherErrors = errors.filter((e) => e !== vehicleError);
  const needsVehicle =
    vehicleError !== undefined || (changed && !route.vehicle) || draft.vehicleUuid !== null;
  const late = draft.stepUuids.filter((id) => (plannedOf(id)?.lateMinutes ?? 0) > 0).length;
  return (
    <Card
      ref={setNodeRef}
      withBorder
      radius="md"
      padding="sm"
      className={classes.column}
      data-over={isOver || undefined}
      component="section"
      aria-labelledby={`route-${route.driverUserUuid}`}
      data-testid="route-column"
      data-driver={route.driverUserUuid}
    >
      <div className={classes.stripe} style={{ background: color }} />
      <Stack gap="xs">
        <Group justify="space-between" gap={6} wrap="nowrap" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={2} fz="md" id={`route-${route.driverUserUuid}`} className={classes.clip}>
              {name}
            </Title>
            <Group gap={6}>
              <StatusTag
                tag={statuses.map[route.driverStatusSlug]?.tag ?? driverStatusTag(route.driverStatusSlug)}
                label={statuses.labelOf(route.driverStatusSlug)}
                size="sm"
              />
              {changed ? (
                <Text size="xs" c={ORANGE_TEXT} fw={700}>
                  Changed
                </Text>
              ) : null}
            </Group>
          </Stack>
          <Tooltip label="Shift, break, start and end places, usual vehicle" withinPortal>
            <Button
              size="compact-xs"
              variant="default"
              leftSection={<IconCalendarTime size={14} />}
              onClick={onWorkingDay}
              aria-label={`Working day of ${name}`}
            >
              Working day
            </Button>
          </Tooltip>
        </Group>
        <Text size="xs" c="dimmed">
          {shiftText(route.shift)}
          {route.shift.startPlace ? ` · from ${route.shift.startPlace.label}` : ''}
          {route.shift.endPlace ? ` · to ${route.shift.endPlace.label}` : ''}
        </Text>
        <Group gap={6} wrap="nowrap">
          <IconTruck size={16} aria-hidden style={{ flex: 'none' }} />
          <Text size="sm" className={classes.clip}>
            {vehicleName ?? route.vehicle?.name ?? 'No vehicle'}
          </Text>
        </Group>
        <LoadBar figures={figures} vehicle={draft.vehicleUuid ? null : route.vehicle} />
        {needsVehicle ? (
          <Select
            size="xs"
            label="Vehicle for the new deliveries"
            description={route.vehicle ? undefined : `${route.firstName} has no usual vehicle.`}
            placeholder={vehicleOptions ? 'Choose a vehicle' : 'Loading the vehicles…'}
            data={vehicleOptions ?? []}
            value={draft.vehicleUuid}
            onChange={onVehicle}
            clearable
            searchable
            nothingFoundMessage="No vehicle of that name"
            error={vehicleError?.message}
            comboboxProps={{ withinPortal: true }}
          />
        ) : null}
        {otherErrors.map((e) => (
          <Alert
            key={e.message}
            color="red"
            variant="light"
            p="xs"
            icon={<IconAlertTriangle size={16} />}
            role="alert"
          >
            <Text size="xs">{e.message}</Text>
          </Alert>
        ))}
        {AWAY.includes(route.driverStatusSlug) && route.stops.some((s) => !s.done) ? (
          <Alert
            color="orange"
            variant="light"
            p="xs"
            icon={<IconAlertTriangle size={16} />}
            data-testid="driver-away"
          >
            <Text size="xs">
              {route.firstName} is {statuses.labelOf(route.driverStatusSlug).toLowerCase()}: optimise with{' '}
              {route.firstName} and the other drivers to give these stops to them.
            </Text>
          </Alert>
        ) : null}
        <SortableContext
          items={draft.stepUuids.map((id) => `stop:${id}`)}
          strategy={verticalListSortingStrategy}
        >
          <div className={classes.list}>
            {draft.stepUuids.map((id, i) => {
              const stop = stops.get(id);
              if (!stop) return null;
              return (
                <StopRow
                  key={id}
                  stop={stop}
                  number={i + 1}
                  color={color}
                  driverUserUuid={route.driverUserUuid}
                  planned={plannedOf(id)}
                  locked={draft.lockedStepUuids.includes(id)}
                  actions={actionsOf(stop, i, draft.stepUuids.length)}
                />
              );
            })}
            {draft.stepUuids.length === 0 ? (
              <Text size="sm" c="dimmed" ta="center" py="md">
                No stops: drag a delivery here, or use its menu.
              </Text>
            ) : null}
          </div>
        </SortableContext>
        <Stack gap={2}>
          <Text size="xs" fw={700}>
            {count(draft.stepUuids.length, 'stop')}
            {late > 0 ? (
              <Text span size="xs" c={RED_TEXT} fw={700}>
                {' '}
                · {count(late, 'late stop')}
              </Text>
            ) : null}
            {figures.overShift ? (
              <Text span size="xs" c={RED_TEXT} fw={700}>
                {' '}
                · ends after the shift
              </Text>
            ) : null}
          </Text>
          <Figures figures={figures} before={changed && outlook ? outlook.before : null} />
        </Stack>
      </Stack>
    </Card>
  );
}
