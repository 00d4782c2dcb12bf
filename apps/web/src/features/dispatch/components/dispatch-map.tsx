import type { DispatchBoard } from '@courier/contract';
import { Card, Group, Stack, Text, Title, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, useEffect, useMemo } from 'react';
import { MapSlot } from '../../../components/delivery-map/map-boundary';
import type { BoardIndex, Draft } from '../board-edit';
import { driverColor } from '../dispatch-format';
import { dayMapData } from '../map-lines';
import classes from './dispatch.module.css';

// maplibre is about 300 kB gzip: it loads after the board has drawn.
const loadCanvas = () => import('./dispatch-map-canvas');
const DispatchMapCanvas = lazy(loadCanvas);

/** The map of the day under the board, with the drivers' colours named beneath it. */
export function DispatchMap({
  board,
  draft,
  index,
}: {
  board: DispatchBoard;
  draft: Draft;
  index: BoardIndex;
}) {
  const theme = useMantineTheme();
  const wide = useMediaQuery('(min-width: 48em)', true);
  const height = wide ? 440 : 320;
  useEffect(() => void loadCanvas().catch(() => undefined), []);
  const colors = useMemo(
    () => new Map(board.routes.map((r, i) => [r.driverUserUuid, theme.colors[driverColor(i)][6]])),
    [board.routes, theme.colors],
  );
  const data = useMemo(
    () => dayMapData(draft, index.stops, index.stepsOf, (uuid) => colors.get(uuid) ?? theme.colors.gray[6]),
    [draft, index, colors, theme.colors.gray],
  );
  const drivers = board.routes.map((route) => ({ route, color: colors.get(route.driverUserUuid)! }));
  const unplaced = draft.routes.reduce(
    (n, r) => n + r.stepUuids.filter((id) => !index.stops.get(id)?.location).length,
    0,
  );
  return (
    <Card withBorder radius="md" padding="sm" component="section" aria-labelledby="dispatch-map-title">
      <Stack gap="xs">
        <Title order={2} fz="md" id="dispatch-map-title">
          Map of the day
        </Title>
        <MapSlot
          height={height}
          message="The map cannot be shown in this browser; the routes are listed above."
        >
          {(config) => <DispatchMapCanvas config={config} data={data} drivers={drivers} height={height} />}
        </MapSlot>
        <Group gap="md" wrap="wrap">
          {drivers.map(({ route, color }) => (
            <Text key={route.driverUserUuid} size="xs" c="dimmed">
              <span className={classes.swatch} style={{ background: color }} />
              {route.firstName} {route.lastName}
            </Text>
          ))}
          <Text size="xs" c="dimmed">
            <span className={classes.swatch} style={{ background: theme.colors.gray[6] }} />
            Unassigned
          </Text>
        </Group>
        {unplaced > 0 ? (
          <Text size="xs" c="dimmed">
            {unplaced === 1 ? '1 stop has' : `${unplaced} stops have`} no point yet, so the map leaves{' '}
            {unplaced === 1 ? 'it' : 'them'} out.
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
