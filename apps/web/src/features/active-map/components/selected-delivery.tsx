import type { DeliveryLive, LiveMapDelivery } from '@courier/contract';
import { ActionIcon, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconArrowRight, IconX } from '@tabler/icons-react';
import { Link } from 'react-router';
import { VehicleSizePicture } from '../../../components/vehicle-size-picture/vehicle-size-picture';
import { formatDistance } from '../../../lib/delivery-format';
import { driversLine, seenLine, statusName, vehicleLine } from '../active-map';
import { formatTime } from '../../../lib/date-format';

const clock = formatTime;

/** The selected delivery: who carries it, where they were seen, when they reach the next stop, and a way in. */
export function SelectedDelivery({
  delivery,
  live,
  now,
  onClose,
}: {
  delivery: LiveMapDelivery;
  live: DeliveryLive | undefined;
  now: number;
  onClose: () => void;
}) {
  const eta = live?.eta;
  return (
    <Card withBorder radius="md" padding="sm" data-testid="selected-delivery">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={700} truncate>
            {delivery.name}
          </Text>
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={onClose}
            aria-label="Close the selected delivery"
          >
            <IconX size={16} />
          </ActionIcon>
        </Group>
        <Group gap="sm" wrap="nowrap">
          <VehicleSizePicture size={delivery.vehicle?.sizeSlug} width={56} />
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm">{statusName(delivery.status)}</Text>
            <Text size="xs" c="dimmed" truncate>
              {driversLine(delivery)}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {vehicleLine(delivery)}
            </Text>
          </Stack>
        </Group>
        <Text size="sm">{seenLine(delivery, now)}</Text>
        {eta ? (
          <Text size="sm" fw={600} data-testid="selected-eta">
            {eta.arriving
              ? `Arriving at stop ${eta.nextStop.stepOrderNo}`
              : `Stop ${eta.nextStop.stepOrderNo} at ${clock(eta.nextStop.arriveAt)} · ${formatDistance(eta.nextStop.distanceM)}`}
          </Text>
        ) : null}
        <Button
          component={Link}
          to={`/DeliveryDetail/${delivery.deliveryUuid}`}
          variant="light"
          size="xs"
          rightSection={<IconArrowRight size={14} />}
        >
          Open delivery
        </Button>
      </Stack>
    </Card>
  );
}
