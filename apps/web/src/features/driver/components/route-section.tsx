import type { DriverDelivery, DriverStop } from '@courier/contract';
import { Badge, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useMemo } from 'react';
import { RouteMap } from '../../../components/delivery-map/delivery-map';
import { legOf, orderedStops, placeStops, stopSummary } from '../stops';
import { StopKindBadge } from './stop-bits';

const MAP_HEIGHT = 220;

/** Stops before the next one are behind the driver; once delivered, all are. */
function isBehind(delivery: DriverDelivery, index: number, nextIndex: number): boolean {
  if (legOf(delivery.deliveryLiveStatusTypeSlug) === 'done') return true;
  return nextIndex >= 0 && index < nextIndex;
}

/** The whole route: a small map with the next stop ringed, and every stop in order. */
export function RouteSection({ delivery, next }: { delivery: DriverDelivery; next: DriverStop | null }) {
  const stops = orderedStops(delivery);
  const placement = useMemo(() => placeStops(delivery), [delivery]);
  const nextIndex = stops.findIndex((s) => s.deliveryStepUuid === next?.deliveryStepUuid);
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-labelledby="route-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="route-title">
          Route · {stops.length} {stops.length === 1 ? 'stop' : 'stops'}
        </Title>
        <RouteMap placement={placement} height={MAP_HEIGHT} activeStepUuid={next?.deliveryStepUuid ?? null} />
        <Stack gap={0} component="ol" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Stops in order">
          {stops.map((stop, index) => {
            const summary = stopSummary(delivery, stop);
            const isNext = index === nextIndex;
            const behind = isBehind(delivery, index, nextIndex);
            return (
              <Group
                key={stop.deliveryStepUuid}
                component="li"
                wrap="nowrap"
                align="flex-start"
                gap="sm"
                py="sm"
                style={index ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
                aria-current={isNext ? 'step' : undefined}
              >
                <ThemeIcon
                  radius="xl"
                  size={32}
                  variant={isNext ? 'filled' : 'light'}
                  color={behind ? 'gray' : isNext ? 'orange' : 'indigo'}
                  aria-hidden
                >
                  {behind ? <IconCheck size={16} /> : <Text fw={800}>{index + 1}</Text>}
                </ThemeIcon>
                <Stack gap={2} miw={0} style={{ flex: 1 }}>
                  <Group gap="xs" wrap="wrap">
                    <StopKindBadge kind={summary.kind} size="sm" />
                    {isNext ? (
                      <Badge color="orange" variant="light" size="sm">
                        Next
                      </Badge>
                    ) : null}
                  </Group>
                  <Text fw={600} c={behind ? 'dimmed' : undefined} style={{ overflowWrap: 'anywhere' }}>
                    {summary.address}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {summary.todo}
                  </Text>
                </Stack>
              </Group>
            );
          })}
        </Stack>
      </Stack>
    </Card>
  );
}
