import type { DriverDelivery } from '@courier/contract';
import { Anchor, Badge, Card, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconCircleCheck } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/layout/page-header';
import { DRIVER_HOME_ROUTE } from '../../../lib/roles';
import { useMyDelivery } from '../api/get-my-delivery';
import { useMyDeliveries } from '../api/list-my-deliveries';
import { DriverLoadError } from '../components/driver-load-error';
import { DriverNotes } from '../components/driver-notes';
import { DriverStatusActions } from '../components/driver-status-actions';
import { LocationSharing } from '../components/location-sharing';
import { NextStopCard } from '../components/next-stop-card';
import { QueueStatus } from '../components/queue-status';
import { ProofCapture } from '../components/proof-capture';
import { RouteSection } from '../components/route-section';
import { LiveStatusTag } from '../components/stop-bits';
import { StopParcels } from '../components/stop-parcels';
import { legOf, nextStop, stopHere } from '../stops';
import { anyUnderWay } from '../tracking/under-way';
import { useLocationSharing } from '../tracking/use-location-sharing';
import classes from './driver-delivery-detail.module.css';

function Summary({ delivery }: { delivery: DriverDelivery & { statusWaiting?: true } }) {
  return (
    <Card withBorder radius="lg" padding="md">
      <Stack gap={4} align="flex-start">
        <Group gap={6}>
          <LiveStatusTag status={delivery.deliveryLiveStatusTypeSlug} size="lg" />
          {delivery.statusWaiting ? (
            <Badge size="sm" variant="light" color="blue" tt="none" data-testid="status-waiting">
              Waiting to send
            </Badge>
          ) : null}
        </Group>
        <Title order={2} fz="xl" style={{ overflowWrap: 'anywhere' }}>
          {delivery.name}
        </Title>
        <Text size="sm" c="dimmed">
          For {delivery.ownerCompanyName}
          {delivery.trackingCode ? ` · Tracking ${delivery.trackingCode}` : ''}
        </Text>
      </Stack>
    </Card>
  );
}

function NothingLeft({ delivery }: { delivery: DriverDelivery }) {
  const status = delivery.deliveryLiveStatusTypeSlug;
  return (
    <Card withBorder radius="lg" padding="lg">
      <Group gap="sm" wrap="nowrap">
        <IconCircleCheck size={32} color="var(--mantine-color-teal-6)" aria-hidden />
        <Stack gap={0}>
          <Text fw={700} fz="lg">
            {status === 'cancelled' ? 'This delivery was cancelled' : 'No stop left on this delivery'}
          </Text>
          <Text size="sm" c="dimmed">
            Its route and notes stay here for today.
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}

/**
 * Tracks while this delivery, or another of mine, is under way: the driver may be looking at the next one while
 * driving this one.
 */
function useTracking(delivery: DriverDelivery | undefined): boolean {
  const mine = useMyDeliveries().data;
  const known = delivery ? [...(mine ?? []), delivery] : mine;
  useLocationSharing(known);
  return known !== undefined && anyUnderWay(known);
}

function DriverDelivery({ uuid }: { uuid: string }) {
  const query = useMyDelivery(uuid);
  const tracking = useTracking(query.data);
  if (query.error && !query.data) {
    return (
      <DriverLoadError error={query.error} onRetry={query.refetch} title="Could not load the delivery" />
    );
  }
  if (!query.data) {
    return (
      <Stack gap="md" aria-busy="true" aria-label="Loading the delivery">
        <Skeleton height={80} radius="lg" />
        <Skeleton height={320} radius="lg" />
        <Skeleton height={120} radius="lg" />
      </Stack>
    );
  }
  const delivery = query.data;
  const stop = nextStop(delivery);
  const finished = legOf(delivery.deliveryLiveStatusTypeSlug) === 'done';
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="md">
          <Summary delivery={delivery} />
          {/* Once this delivery is finished, sharing shows only while another one is under way (issue 33). */}
          {finished && !tracking ? null : <LocationSharing />}
          {stop ? <NextStopCard delivery={delivery} stop={stop} /> : <NothingLeft delivery={delivery} />}
          <DriverStatusActions delivery={delivery} stop={stop} />
          {stop ? <StopParcels delivery={delivery} stop={stop} /> : null}
          <ProofCapture delivery={delivery} stop={stopHere(delivery)} finished={finished} />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack gap="md">
          <RouteSection delivery={delivery} next={stop} />
          <DriverNotes delivery={delivery} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

/**
 * /DriverDeliveryDetail/:deliveryUuid: a delivery as its driver works it on a phone — the next stop large, the
 * status moves, the parcels there, proof capture, the route on a small map, and notes with the office.
 */
export default function DriverDeliveryDetailPage() {
  const { deliveryUuid = '' } = useParams();
  return (
    <>
      <Anchor component={Link} to={DRIVER_HOME_ROUTE} size="sm" className={classes.back}>
        <IconChevronLeft size={18} aria-hidden />
        My deliveries
      </Anchor>
      <PageHeader title="Driver Delivery" />
      <QueueStatus />
      <DriverDelivery key={deliveryUuid} uuid={deliveryUuid} />
    </>
  );
}
