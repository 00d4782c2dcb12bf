import type { PublicTracking } from '@courier/contract';
import { Badge, Card, Group, Skeleton, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconClock, IconLinkOff, IconMapPin, IconUser } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { EmptyState } from '../../../components/layout/empty-state';
import { PublicPageFrame } from '../../../components/layout/public-page-frame';
import { QueryError } from '../../../components/list/query-error';
import { formatDateTime, setDateCountry } from '../../../lib/date-format';
import { isApiError } from '../../../lib/errors';
import { useTracking } from '../api/get-tracking';
import { useTrackingStream } from '../api/stream-tracking';
import { DeliveredCard } from '../components/delivered-card';
import { DriverPosition } from '../components/driver-position';
import { FailureCard } from '../components/failure-card';
import { InstructionsForm } from '../components/instructions-form';
import { RatingCard } from '../components/rating-form';
import {
  etaLine,
  FINAL_FOR_RECIPIENT,
  instructionsOpen,
  rateable,
  recipientStatus,
  updatesBySelf,
} from '../recipient-status';

const TITLE = 'Track your delivery';

function Frame({ children }: { children: ReactNode }) {
  return <PublicPageFrame title={TITLE}>{children}</PublicPageFrame>;
}

function Tracking({ token, data }: { token: string; data: PublicTracking }) {
  const status = recipientStatus(data.status);
  const eta = etaLine(data.eta);
  return (
    <>
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="sm">
          <Badge size="lg" color={status.tone} variant="light" tt="none" data-testid="tracking-status">
            {status.label}
          </Badge>
          {eta ? (
            <Group gap="xs" wrap="nowrap">
              <IconClock size={22} aria-hidden />
              <Text fz="xl" fw={800} data-testid="tracking-eta">
                {eta}
              </Text>
            </Group>
          ) : null}
          {data.driverFirstName ? (
            <Group gap="xs" wrap="nowrap">
              <IconUser size={18} aria-hidden />
              <Text data-testid="tracking-driver">Your driver is {data.driverFirstName}.</Text>
            </Group>
          ) : null}
          {data.dropoff ? (
            <Group gap="xs" wrap="nowrap">
              <IconMapPin size={18} aria-hidden />
              <Text>
                To {data.dropoff.postcode} {data.dropoff.city}
              </Text>
            </Group>
          ) : null}
          <Text size="xs" c="dimmed" data-testid="tracking-updated">
            Updated {formatDateTime(data.statusChangedAt)}.
            {updatesBySelf(data.status) ? ' This page updates by itself.' : ''}
          </Text>
        </Stack>
      </Card>
      {data.delivered ? <DeliveredCard token={token} delivered={data.delivered} /> : null}
      {data.failure ? <FailureCard failure={data.failure} /> : null}
      {rateable(data.status) ? <RatingCard token={token} rating={data.rating} /> : null}
      <DriverPosition tracking={data} />
      {instructionsOpen(data.status) ? (
        <InstructionsForm token={token} instructions={data.instructions} />
      ) : null}
      <Card withBorder radius="lg" padding="lg">
        <Title order={2} fz="lg" mb="md">
          So far
        </Title>
        <Timeline
          active={data.timeline.length - 1}
          bulletSize={18}
          lineWidth={2}
          data-testid="tracking-timeline"
        >
          {[...data.timeline].map((entry) => (
            <Timeline.Item key={`${entry.status}-${entry.at}`} title={recipientStatus(entry.status).label}>
              <Text size="xs" c="dimmed">
                {formatDateTime(entry.at)}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      </Card>
    </>
  );
}

/** /track/:token — the recipient's page: no sign-in, only what a recipient needs (decision 022). */
export default function TrackingPage() {
  const { token = '' } = useParams();
  const [streaming, setStreaming] = useState(false);
  const tracking = useTracking(token, { streaming });
  // Live until nothing changes any more for the recipient; never for a link that is not valid.
  const done = tracking.data !== undefined && FINAL_FOR_RECIPIENT.includes(tracking.data.status);
  useTrackingStream(token, !done && !isApiError(tracking.error, 404), setStreaming);

  // Dates and times in the style of the sender's country (decision 064), as its own screens write them.
  if (tracking.data) setDateCountry(tracking.data.countryCode);

  if (tracking.error) {
    return (
      <Frame>
        {isApiError(tracking.error, 404) ? (
          <EmptyState
            icon={IconLinkOff}
            title="This tracking link is not valid"
            description="Check the link in your message, or ask the sender for a new one."
          />
        ) : (
          <QueryError
            error={tracking.error}
            onRetry={tracking.refetch}
            title="Could not load your delivery"
          />
        )}
      </Frame>
    );
  }
  return (
    <Frame>
      {tracking.data ? (
        <Tracking token={token} data={tracking.data} />
      ) : (
        <Stack gap="md" aria-busy="true" aria-label="Loading">
          <Skeleton height={140} radius="lg" />
          <Skeleton height={200} radius="lg" />
        </Stack>
      )}
    </Frame>
  );
}
