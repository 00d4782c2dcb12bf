import type { Address, DeliveryStep, DeliveryStepTask } from '@courier/contract';
import { Group, Stack, Text } from '@mantine/core';
import { lazy, useEffect, useMemo } from 'react';
import { MapSlot } from './map-boundary';
import { placeSteps, unplacedMessage, type DriverMarker, type StepPlacement } from './map-data';
import classes from './step-map.module.css';

// maplibre is about 300 kB gzip: only the screens with a map load it, after their first paint.
const loadStepMap = () => import('./step-map');
const StepMap = lazy(loadStepMap);

const MAP_HEIGHT = 320;

/**
 * Placed steps on a map, with a legend and a note naming the steps that have no coordinates. `activeStepUuid`
 * rings the step to go to next.
 */
export function RouteMap({
  placement: { points, unplaced },
  height = MAP_HEIGHT,
  activeStepUuid = null,
  driver = null,
  track,
}: {
  placement: StepPlacement;
  height?: number;
  activeStepUuid?: string | null;
  driver?: DriverMarker | null;
  track?: readonly { lat: number; lng: number }[];
}) {
  const note = unplacedMessage(unplaced);
  // The map's chunk is asked for beside the base map's configuration, not after it.
  useEffect(() => void loadStepMap().catch(() => undefined), []);
  return (
    <Stack gap="xs">
      <MapSlot height={height} message="The map cannot be shown in this browser; the steps are listed below.">
        {(config) => (
          <StepMap
            config={config}
            points={points}
            height={height}
            activeStepUuid={activeStepUuid}
            driver={driver}
            {...(track ? { track } : {})}
          />
        )}
      </MapSlot>
      <Group gap="md" wrap="wrap">
        <Text size="xs" c="dimmed">
          <span className={classes.swatch} data-kind="pickup" />
          Pickup
        </Text>
        <Text size="xs" c="dimmed">
          <span className={classes.swatch} data-kind="dropoff" />
          Dropoff
        </Text>
        {points.length === 0 && !note ? (
          <Text size="xs" c="dimmed">
            No steps to show.
          </Text>
        ) : null}
      </Group>
      {note ? (
        <Text size="sm" c="dimmed" data-testid="map-unplaced">
          {note}
        </Text>
      ) : null}
    </Stack>
  );
}

/** A delivery's steps on a map, from its steps, tasks and addresses (the admin screens' shapes). */
export function DeliveryMap({
  steps,
  tasks,
  addresses,
  driver = null,
  track,
}: {
  steps: DeliveryStep[];
  tasks: DeliveryStepTask[];
  addresses: Address[];
  driver?: DriverMarker | null;
  track?: readonly { lat: number; lng: number }[];
}) {
  const placement = useMemo(() => placeSteps(steps, tasks, addresses), [steps, tasks, addresses]);
  return <RouteMap placement={placement} driver={driver} {...(track ? { track } : {})} />;
}
