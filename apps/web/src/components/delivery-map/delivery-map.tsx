import type { Address, DeliveryStep, DeliveryStepTask } from '@courier/contract';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { lazy, useEffect, useMemo, useRef, useState } from 'react';
import { MapSlot } from './map-boundary';
import { placeSteps, unplacedMessage, type DriverMarker, type StepPlacement } from './map-data';
import classes from './step-map.module.css';

// maplibre is about 300 kB gzip: only the screens with a map load it, after their first paint.
const loadStepMap = () => import('./step-map');
const StepMap = lazy(loadStepMap);

const MAP_HEIGHT = 320;

type Point = { lat: number; lng: number };

/**
 * Placed steps on a map, with a legend and a note naming the steps that have no coordinates. `activeStepUuid`
 * rings the step to go to next. With `onPlaceStep` (an editable delivery) a stop's pin can be dragged, and a stop
 * without a point placed: by a click on the map, or at the map's centre from the keyboard.
 */
export function RouteMap({
  placement: { points, unplaced, unplacedUuids = [] },
  height = MAP_HEIGHT,
  activeStepUuid = null,
  driver = null,
  track,
  onPlaceStep,
}: {
  placement: StepPlacement;
  height?: number;
  activeStepUuid?: string | null;
  driver?: DriverMarker | null;
  track?: readonly { lat: number; lng: number }[];
  onPlaceStep?: (stepUuid: string, point: Point) => void;
}) {
  const note = unplacedMessage(unplaced);
  const [chosen, setPlacing] = useState<{ stepUuid: string; number: number } | null>(null);
  // A stop placed (here or elsewhere) is no longer waiting to be.
  const placing = chosen && unplacedUuids.includes(chosen.stepUuid) ? chosen : null;
  const centreRef = useRef<(() => Point | null) | null>(null);
  // The map's chunk is asked for beside the base map's configuration, not after it.
  useEffect(() => void loadStepMap().catch(() => undefined), []);
  const place = onPlaceStep
    ? (stepUuid: string, point: Point) => {
        setPlacing(null);
        onPlaceStep(stepUuid, point);
      }
    : undefined;
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
            {...(place ? { onMoveStep: place, placingStepUuid: placing?.stepUuid ?? null, centreRef } : {})}
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
        {onPlaceStep && points.length > 0 ? (
          <Text size="xs" c="dimmed">
            Drag a stop&apos;s pin to move it.
          </Text>
        ) : null}
      </Group>
      {note ? (
        <Text size="sm" c="dimmed" data-testid="map-unplaced">
          {note}
        </Text>
      ) : null}
      {onPlaceStep && placing ? (
        <Alert color="blue" variant="light" icon={<IconMapPin size={18} />} data-testid="map-placing">
          <Stack gap="xs">
            <Text size="sm">
              Click the map where step {placing.number} is, or move the map until it is under the centre and
              place it there.
            </Text>
            <Group gap="xs">
              <Button
                size="xs"
                onClick={() => {
                  const centre = centreRef.current?.();
                  if (centre) place?.(placing.stepUuid, centre);
                }}
              >
                Place at the centre
              </Button>
              <Button size="xs" variant="default" onClick={() => setPlacing(null)}>
                Cancel
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : onPlaceStep && unplacedUuids.length > 0 ? (
        <Group gap="xs" wrap="wrap">
          {unplacedUuids.map((stepUuid, i) => (
            <Button
              key={stepUuid}
              size="xs"
              variant="light"
              leftSection={<IconMapPin size={14} />}
              onClick={() => setPlacing({ stepUuid, number: unplaced[i] ?? i + 1 })}
            >
              Place step {unplaced[i]} on the map
            </Button>
          ))}
        </Group>
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
  onPlaceStep,
}: {
  steps: DeliveryStep[];
  tasks: DeliveryStepTask[];
  addresses: Address[];
  driver?: DriverMarker | null;
  track?: readonly { lat: number; lng: number }[];
  onPlaceStep?: (stepUuid: string, point: Point) => void;
}) {
  const placement = useMemo(() => placeSteps(steps, tasks, addresses), [steps, tasks, addresses]);
  return (
    <RouteMap
      placement={placement}
      driver={driver}
      {...(track ? { track } : {})}
      {...(onPlaceStep ? { onPlaceStep } : {})}
    />
  );
}
