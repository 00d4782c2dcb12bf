import type { LiveMapDelivery } from '@courier/contract';
import { Badge, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { driversLine, markerState, seenLine, statusName, vehicleLine } from '../active-map';
import classes from './active-map.module.css';

/** The deliveries on the map as a list: each row selects its delivery (and frames it on the map). */
export function DeliveryRows({
  deliveries,
  selectedUuid,
  onSelect,
  now,
  maxHeight,
}: {
  deliveries: LiveMapDelivery[];
  selectedUuid: string | null;
  onSelect: (uuid: string) => void;
  now: number;
  maxHeight: number | undefined;
}) {
  const rows = (
    <Stack gap={4} role="list" aria-label="Active deliveries">
      {deliveries.map((d) => {
        const state = markerState(d, now);
        return (
          <div role="listitem" key={d.deliveryUuid}>
            <button
              type="button"
              className={classes.row}
              data-selected={d.deliveryUuid === selectedUuid || undefined}
              aria-pressed={d.deliveryUuid === selectedUuid}
              data-testid="active-row"
              onClick={() => onSelect(d.deliveryUuid)}
            >
              <Group gap="xs" wrap="nowrap" justify="space-between">
                <Text fw={600} size="sm" truncate>
                  {d.name}
                </Text>
                <Badge variant="light" size="sm" radius="sm" tt="none" style={{ flexShrink: 0 }}>
                  {statusName(d.status)}
                </Badge>
              </Group>
              <Text size="xs" c="dimmed" truncate>
                {driversLine(d)} · {vehicleLine(d)}
              </Text>
              <Group gap={6} wrap="nowrap" mt={2}>
                <span className={classes.dot} data-state={state} aria-hidden />
                <Text size="xs" c={state === 'stale' ? 'orange.8' : 'dimmed'}>
                  {seenLine(d, now)}
                </Text>
                {d.role === 'carrier' ? (
                  <Text size="xs" c="dimmed">
                    · carried for another company
                  </Text>
                ) : null}
              </Group>
            </button>
          </div>
        );
      })}
    </Stack>
  );
  return maxHeight ? (
    <ScrollArea.Autosize mah={maxHeight} type="auto" offsetScrollbars>
      {rows}
    </ScrollArea.Autosize>
  ) : (
    rows
  );
}
