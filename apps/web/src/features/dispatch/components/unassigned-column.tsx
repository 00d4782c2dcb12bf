import type { BoardStop } from '@courier/contract';
import { useDroppable } from '@dnd-kit/core';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { useState } from 'react';
import { SearchInput } from '../../../components/list/search-input';
import { DeliveryCard, UNASSIGNED_ID } from './board-items';
import classes from './dispatch.module.css';
import type { ItemActions } from './item-menu';

export interface WaitingDelivery {
  uuid: string;
  name: string;
  /** Known for those the board sent unassigned; not for one just taken off a route. */
  weightKg: number | null;
  assignedDriverName: string | null;
  /** Why auto-assignment left it here. */
  autoAssignReason: string | null;
  stops: BoardStop[];
}

/**
 * The deliveries of the day in no route: searched by name, chosen with their checkboxes for an optimisation, dragged
 * or moved onto a driver. What is dragged here from a route is taken off it (after a confirmation).
 */
export function UnassignedColumn({
  deliveries,
  checked,
  onCheck,
  onCheckAll,
  actionsOf,
}: {
  deliveries: WaitingDelivery[];
  checked: ReadonlySet<string>;
  onCheck: (uuid: string, checked: boolean) => void;
  onCheckAll: (uuids: string[], checked: boolean) => void;
  actionsOf: (delivery: WaitingDelivery) => ItemActions;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: UNASSIGNED_ID });
  const [search, setSearch] = useState('');
  const term = search.trim().toLowerCase();
  const shown = term ? deliveries.filter((d) => d.name.toLowerCase().includes(term)) : deliveries;
  const allShownChecked = shown.length > 0 && shown.every((d) => checked.has(d.uuid));
  return (
    <Card
      ref={setNodeRef}
      withBorder
      radius="md"
      padding="sm"
      className={classes.column}
      data-kind="unassigned"
      data-over={isOver || undefined}
      component="section"
      aria-labelledby="unassigned-title"
      data-testid="unassigned-column"
    >
      <Stack gap="xs">
        <Group justify="space-between" gap={6}>
          <Title order={2} fz="md" id="unassigned-title">
            Unassigned
          </Title>
          <Badge variant="light" color="gray" radius="sm">
            {deliveries.length}
          </Badge>
        </Group>
        {deliveries.length > 0 ? (
          <>
            <SearchInput
              size="xs"
              value={search}
              onChange={setSearch}
              label="Search unassigned deliveries by name"
              placeholder="Search by name"
            />
            <Group justify="space-between" gap={4}>
              <Text size="xs" c="dimmed">
                {checked.size > 0
                  ? `${checked.size} chosen for Optimise`
                  : 'Tick deliveries to optimise them'}
              </Text>
              {shown.length > 0 ? (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  onClick={() =>
                    onCheckAll(
                      shown.map((d) => d.uuid),
                      !allShownChecked,
                    )
                  }
                >
                  {allShownChecked ? 'Untick all' : 'Tick all'}
                </Button>
              ) : null}
            </Group>
          </>
        ) : null}
        <div className={classes.list}>
          {shown.map((d) => (
            <DeliveryCard
              key={d.uuid}
              delivery={d}
              stops={d.stops}
              checked={checked.has(d.uuid)}
              onCheck={onCheck}
              actions={actionsOf(d)}
            />
          ))}
          {deliveries.length === 0 ? (
            <Stack align="center" gap={4} py="md" ta="center">
              <IconInbox size={28} stroke={1.5} aria-hidden color="var(--mantine-color-dimmed)" />
              <Text size="sm" fw={600}>
                Nothing to place on this day
              </Text>
              <Text size="xs" c="dimmed">
                Deliveries of this day that are in no driver&apos;s route wait here. Drag a route&apos;s stop
                here to unassign its delivery.
              </Text>
            </Stack>
          ) : shown.length === 0 ? (
            <Text size="sm" c="dimmed" ta="center" py="md">
              No unassigned delivery is named like “{search.trim()}”.
            </Text>
          ) : null}
        </div>
      </Stack>
    </Card>
  );
}
