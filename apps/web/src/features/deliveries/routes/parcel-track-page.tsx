import { Anchor, Button, Card, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPackage, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AdminGate } from '../../../components/access/admin-gate';
import { useScopedCompanySlug } from '../../../components/access/company-scope';
import { EmptyState } from '../../../components/layout/empty-state';
import { PageHeader } from '../../../components/layout/page-header';
import { QueryError } from '../../../components/list/query-error';
import { StatusTag } from '../../../components/status-tag/status-tag';
import { isApiError } from '../../../lib/errors';
import { useLookup } from '../../../lib/lookups/get-lookup';
import { useTrackParcel } from '../api/track-parcel';
import { ParcelList } from '../components/parcel-list';
import { StatusHistory } from '../components/status-history';

function ParcelTracker() {
  const slug = useScopedCompanySlug();
  const [params, setParams] = useSearchParams();
  const code = (params.get('code') ?? '').trim().toUpperCase();
  const [input, setInput] = useState(code);
  const [inputError, setInputError] = useState<string | null>(null);
  const track = useTrackParcel(slug, code);
  const statuses = useLookup('deliveryLiveStatuses');

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const next = input.trim().toUpperCase();
    if (next.length < 4 || next.length > 20) {
      setInputError('A tracking code has 4 to 20 characters');
      return;
    }
    setInputError(null);
    setParams({ code: next });
  };

  return (
    <Stack gap="md">
      <Card withBorder radius="lg" padding="lg" component="form" onSubmit={submit}>
        <Group align="flex-end" gap="xs" wrap="wrap">
          <TextInput
            label="Tracking code"
            placeholder="e.g. T3AJUVERYC8V"
            value={input}
            onChange={(e) => setInput(e.currentTarget.value)}
            error={inputError}
            style={{ flex: '1 1 200px' }}
            styles={{ input: { fontFamily: 'monospace' } }}
          />
          <Button type="submit" leftSection={<IconSearch size={16} />} loading={track.isFetching}>
            Track
          </Button>
        </Group>
      </Card>
      {!code ? (
        <EmptyState
          icon={IconPackage}
          title="Find a parcel"
          description="Enter the tracking code printed on the parcel or sent to the recipient."
        />
      ) : track.error ? (
        isApiError(track.error, 404) ? (
          <EmptyState
            icon={IconPackage}
            title="No parcel with this code"
            description={`No parcel of your company has the tracking code ${code}. Check the code and try again.`}
          />
        ) : (
          <QueryError error={track.error} onRetry={track.refetch} />
        )
      ) : !track.data ? (
        <Skeleton height={200} radius="lg" />
      ) : (
        <>
          <Card withBorder radius="lg" padding="lg">
            <Title order={2} fz="md" mb="sm">
              Parcel
            </Title>
            <ParcelList parcels={[track.data.parcel]} />
          </Card>
          <Card withBorder radius="lg" padding="lg">
            <Title order={2} fz="md" mb="sm">
              Delivery
            </Title>
            {track.data.delivery ? (
              <Stack gap="xs">
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Anchor component={Link} to={`/DeliveryDetail/${track.data.delivery.uuid}`} fw={700}>
                    {track.data.delivery.name}
                  </Anchor>
                  <StatusTag
                    tag={statuses.map[track.data.delivery.liveStatusSlug]?.tag}
                    label={statuses.labelOf(track.data.delivery.liveStatusSlug)}
                  />
                </Group>
                <Text size="sm" c="dimmed" ff="monospace">
                  {track.data.delivery.trackingCode}
                </Text>
                <StatusHistory records={track.data.timeline} nameOf={() => ''} />
              </Stack>
            ) : (
              <Text c="dimmed">This parcel is not on a delivery yet.</Text>
            )}
          </Card>
        </>
      )}
    </Stack>
  );
}

/** /ParcelTrack: a tracking code → the parcel, its delivery and the status timeline. */
export default function ParcelTrackPage() {
  return (
    <>
      <PageHeader title="Track Parcel" description="Where is a parcel now?" />
      <AdminGate what="track the company's parcels">
        <ParcelTracker />
      </AdminGate>
    </>
  );
}
