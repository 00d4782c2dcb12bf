import { LIVE_ACTIVE_STATUSES, LIVE_MAP, LIVE_UNDER_WAY_STATUSES, type LiveStatus } from '@courier/contract';
import { Alert, Card, Grid, Group, Select, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconMapPin, IconMapPinOff } from '@tabler/icons-react';
import { lazy, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { AdminGate } from '../../../components/access/admin-gate';
import { useScopedCompanySlug } from '../../../components/access/company-scope';
import { MapSlot } from '../../../components/delivery-map/map-boundary';
import { EmptyState } from '../../../components/layout/empty-state';
import { PageHeader } from '../../../components/layout/page-header';
import { QueryError } from '../../../components/list/query-error';
import { useCompanyDepot } from '../../../lib/session/company-depot';
import { useNow } from '../../../lib/use-now';
import { driverOptions, filterDeliveries, STATUS_OPTIONS, summarize, type MapFilters } from '../active-map';
import { useLiveMap, useSelectedEta, useSelectedTrack } from '../api/live-map';
import { DeliveryRows } from '../components/delivery-rows';
import { SelectedDelivery } from '../components/selected-delivery';

const ActiveMapCanvas = lazy(() => import('../components/active-map-canvas'));

const isActive = (s: string | null): s is LiveStatus =>
  s !== null && (LIVE_ACTIVE_STATUSES as readonly string[]).includes(s);

/** Filters and the selection live in the address, so a view can be shared or reloaded. */
function useMapParams() {
  const [params, setParams] = useSearchParams();
  const status = params.get('status');
  const filters: MapFilters = { status: isActive(status) ? status : null, driver: params.get('driver') };
  const set = (name: string, value: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  return { filters, selected: params.get('delivery'), set };
}

function ActiveMap() {
  const slug = useScopedCompanySlug();
  const wide = useMediaQuery('(min-width: 62em)', true);
  // The stale look moves on with the clock: a silent driver greys without an event.
  const now = useNow(15_000);
  const { filters, selected: selectedUuid, set } = useMapParams();
  // On a phone the list is under the map: a delivery chosen there is shown by bringing the map into view.
  const mapArea = useRef<HTMLDivElement>(null);
  const map = useLiveMap(slug);
  const depot = useCompanyDepot();
  const all = useMemo(() => map.data?.deliveries ?? [], [map.data]);
  const shown = useMemo(() => filterDeliveries(all, filters), [all, filters]);
  const drivers = useMemo(() => driverOptions(all), [all]);
  const selected = shown.find((d) => d.deliveryUuid === selectedUuid) ?? null;
  const underWay =
    selected !== null && (LIVE_UNDER_WAY_STATUSES as readonly string[]).includes(selected.status);
  const track = useSelectedTrack(slug, selected?.deliveryUuid ?? null);
  const eta = useSelectedEta(slug, selected?.deliveryUuid ?? null, underWay);
  const trackPoints = useMemo(
    () => (track.data ?? []).flatMap((p) => (p.location ? [p.location] : [])),
    [track.data],
  );
  const counts = summarize(shown, now);
  const mapHeight = wide ? 620 : 360;

  if (map.error && !map.data) {
    return <QueryError error={map.error} onRetry={() => void map.refetch()} title="Could not load the map" />;
  }
  const selectFromList = (uuid: string) => {
    set('delivery', uuid);
    if (!wide) mapArea.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  const canvas = (
    <MapSlot
      height={mapHeight}
      message="The map cannot be shown in this browser; the deliveries are listed instead."
      ready={map.data !== undefined}
    >
      {(config) => (
        <ActiveMapCanvas
          config={config}
          depot={depot}
          deliveries={shown}
          selected={selected}
          onSelect={(uuid) => set('delivery', uuid)}
          track={trackPoints}
          now={now}
          height={mapHeight}
        />
      )}
    </MapSlot>
  );

  const filtersRow = (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Select
        label="Status"
        placeholder="All active"
        data={STATUS_OPTIONS}
        value={filters.status}
        onChange={(v) => set('status', v)}
        clearable
        w={{ base: '100%', xs: 220 }}
      />
      <Select
        label="Driver"
        placeholder="All drivers"
        data={drivers}
        value={filters.driver}
        onChange={(v) => set('driver', v)}
        clearable
        searchable
        nothingFoundMessage="No driver on an active delivery"
        w={{ base: '100%', xs: 220 }}
      />
      {map.data ? (
        <Text size="sm" c="dimmed" pb={8} data-testid="map-summary" aria-live="polite">
          {counts.total} active · {counts.live} live · {counts.stale} not seen for 5 min · {counts.none}{' '}
          without a position
        </Text>
      ) : null}
    </Group>
  );

  let side;
  if (!map.data) side = <Skeleton height={240} radius="md" />;
  else if (all.length === 0)
    side = (
      <EmptyState
        icon={IconMapPinOff}
        title="No delivery is being worked"
        description="Deliveries show here from the moment a vehicle and driver are assigned until they are delivered."
        action={{ label: 'Plan a delivery', to: '/DeliveryAddEasy' }}
      />
    );
  else if (shown.length === 0)
    side = (
      <EmptyState
        icon={IconMapPin}
        title="No delivery matches these filters"
        description="Choose another status or driver, or clear the filters to see every active delivery."
        action={{
          label: 'Clear filters',
          onClick: () => {
            set('status', null);
            set('driver', null);
          },
        }}
      />
    );
  else
    side = (
      <Stack gap="sm">
        {selected ? (
          <SelectedDelivery
            delivery={selected}
            live={eta.data}
            now={now}
            onClose={() => set('delivery', null)}
          />
        ) : null}
        <DeliveryRows
          deliveries={shown}
          selectedUuid={selected?.deliveryUuid ?? null}
          onSelect={selectFromList}
          now={now}
          maxHeight={wide ? mapHeight - (selected ? 230 : 0) : undefined}
        />
      </Stack>
    );

  return (
    <Stack gap="md">
      <Card withBorder radius="lg" padding="md">
        {filtersRow}
      </Card>
      {map.data?.truncated ? (
        <Alert color="yellow" variant="light">
          More than {LIVE_MAP.max} deliveries are active: the map shows the {LIVE_MAP.max} moved most
          recently.
        </Alert>
      ) : null}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 2, md: 1 }}>
          {side}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 1, md: 2 }} ref={mapArea}>
          {canvas}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** The active deliveries map (decision 025): every delivery being worked, its vehicle live on the map. */
export default function ActiveDeliveriesMapPage() {
  return (
    <>
      <PageHeader
        title="Active Deliveries Map"
        description="Every delivery being worked, where its driver is now; select one to see its route."
      />
      <AdminGate what="see the active deliveries map">
        <ActiveMap />
      </AdminGate>
    </>
  );
}
