import { DRIVER_SELF_STATUSES, driverStatusTag } from '@courier/contract';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconCoffee, IconPlayerPause, IconPower, IconSteeringWheel, type Icon } from '@tabler/icons-react';
import { StatusTag } from '../../../components/status-tag/status-tag';
import { statusTagColor } from '../../../components/status-tag/status-tag-colors';
import { useLookup } from '../../../lib/lookups/get-lookup';
import { myStatusQueryOptions, statusOfInfos } from '../api/get-my-status';
import type { SelfStatus } from '../api/update-my-status';
import { queuedAvailability } from '../offline/overlay';
import { useUpdateMyStatus } from '../offline/use-driver-writes';
import { useMyQueuedWrites } from '../offline/use-write-queue';

const ICONS: Record<SelfStatus, Icon> = {
  available: IconSteeringWheel,
  'on-break': IconCoffee,
  offline: IconPower,
  unavailable: IconPlayerPause,
};

/**
 * My availability: the four statuses a driver sets themselves, as large buttons in the spec's colours (available
 * green, on break light blue, offline and unavailable red), with my status as the server has it (GET
 * /driver/status, kept by the service worker for offline) or, while one waits in the queue, the one I set.
 */
export function AvailabilitySwitch() {
  const statuses = useLookup('driverStatuses');
  const read = useQuery(myStatusQueryOptions());
  const queued = queuedAvailability(useMyQueuedWrites().entries);
  const current = queued ?? statusOfInfos(read.data);
  const update = useUpdateMyStatus(statuses.labelOf);
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-labelledby="availability-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="lg" id="availability-title">
            My availability
          </Title>
          {current ? (
            <Group gap={6}>
              {queued ? (
                <Badge size="sm" variant="light" color="blue" tt="none">
                  Waiting to send
                </Badge>
              ) : null}
              <StatusTag
                size="lg"
                tag={driverStatusTag(current)}
                label={statuses.labelOf(current)}
                data-testid="my-status"
              />
            </Group>
          ) : null}
        </Group>
        <SimpleGrid cols={2} spacing="sm" role="group" aria-label="Set my availability">
          {DRIVER_SELF_STATUSES.map((slug) => {
            const StatusIcon = ICONS[slug];
            const selected = current === slug;
            return (
              <Button
                key={slug}
                h={56}
                radius="md"
                fz="md"
                justify="flex-start"
                color={statusTagColor(driverStatusTag(slug))}
                variant={selected ? 'filled' : 'light'}
                aria-pressed={selected}
                leftSection={<StatusIcon size={22} aria-hidden />}
                loading={update.isPending && update.variables === slug}
                disabled={update.isPending && update.variables !== slug}
                onClick={() => update.mutate(slug)}
              >
                {statuses.labelOf(slug)}
              </Button>
            );
          })}
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          {current
            ? 'Your office sees this in every company you drive for. Carrying a delivery shows you as on delivery.'
            : 'Tap to tell your office whether you can take work. Carrying a delivery shows you as on delivery.'}
        </Text>
      </Stack>
    </Card>
  );
}
