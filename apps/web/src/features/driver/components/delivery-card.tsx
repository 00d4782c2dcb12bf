import type { DriverDelivery } from '@courier/contract';
import { Card, Group, Stack, Text } from '@mantine/core';
import { IconChevronRight, IconNavigation, IconPackage, IconRoute } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDay, formatTime } from '../../../lib/date-format';
import { nextStop, orderedStops, stopSummary } from '../stops';
import { LiveStatusTag, StopKindBadge, WindowLine } from './stop-bits';

/** One delivery to work: its next stop first (what to do, where, when), the whole card a large touch target. */
export function DeliveryCard({ delivery }: { delivery: DriverDelivery }) {
  const stop = nextStop(delivery);
  const summary = stop ? stopSummary(delivery, stop) : null;
  const total = orderedStops(delivery).length;
  return (
    <Card
      component={Link}
      to={`/DriverDeliveryDetail/${delivery.uuid}`}
      withBorder
      radius="lg"
      padding="md"
      data-testid="driver-delivery-card"
    >
      <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
        <Stack gap={6} miw={0} style={{ flex: 1 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={800} style={{ overflowWrap: 'anywhere' }}>
              {delivery.name}
            </Text>
            <LiveStatusTag status={delivery.deliveryLiveStatusTypeSlug} size="sm" />
          </Group>
          {summary ? (
            <>
              <Group gap="xs" wrap="nowrap">
                <StopKindBadge kind={summary.kind} />
                <Text size="sm" c="dimmed">
                  Stop {summary.number} of {total}
                </Text>
              </Group>
              <Text fz="lg" fw={700} lh={1.25} style={{ overflowWrap: 'anywhere' }}>
                {summary.address}
              </Text>
              <WindowLine window={summary.window} kind={summary.kind} />
              {stop?.plan ? (
                <Group gap={6} wrap="nowrap" data-testid="planned-stop">
                  <IconRoute size={16} aria-hidden />
                  <Text size="sm">
                    No. {stop.plan.position + 1} on your route of {formatDay(`${stop.plan.day}T12:00:00`)}
                    {stop.plan.arrivalAt ? `, planned at ${formatTime(stop.plan.arrivalAt)}` : ''}
                  </Text>
                </Group>
              ) : null}
              {stop?.etaAt ? (
                <Group gap={6} wrap="nowrap" data-testid="stop-eta">
                  <IconNavigation size={16} aria-hidden />
                  <Text size="sm" fw={600}>
                    Expected there at {formatTime(stop.etaAt)}
                  </Text>
                </Group>
              ) : null}
              <Group gap={6} wrap="nowrap">
                <IconPackage size={16} aria-hidden />
                <Text size="sm" fw={600}>
                  {summary.todo}
                </Text>
              </Group>
            </>
          ) : (
            <Text size="sm" c="dimmed">
              No stop left to visit.
            </Text>
          )}
          <Text size="xs" c="dimmed">
            For {delivery.ownerCompanyName}
          </Text>
        </Stack>
        <IconChevronRight size={22} aria-hidden style={{ flexShrink: 0, alignSelf: 'center' }} />
      </Group>
    </Card>
  );
}
