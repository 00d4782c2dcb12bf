import type { Vehicle } from '@courier/contract';
import { Button, Group, Loader, Text } from '@mantine/core';
import { IconCarGarage, IconFilterOff, IconPlus } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { AdminGate } from '../../../components/access/admin-gate';
import { useScopedCompanySlug } from '../../../components/access/company-scope';
import { EmptyState } from '../../../components/layout/empty-state';
import { PageHeader } from '../../../components/layout/page-header';
import { confirmDanger } from '../../../components/list/confirm';
import { QueryError } from '../../../components/list/query-error';
import { TableSkeleton } from '../../../components/list/table-skeleton';
import { NotesDrawer } from '../../../components/notes/notes-drawer';
import { useLookup } from '../../../lib/lookups/get-lookup';
import { useDebouncedSearch } from '../../../lib/use-debounced-search';
import { useDeleteVehicle } from '../api/delete-vehicle';
import { useFleets } from '../api/list-fleets';
import { useVehiclesInfinite } from '../api/list-vehicles';
import { vehicleColumns } from '../components/vehicle-columns';
import { useVehicleStatusOptions } from '../components/vehicle-status-menu';
import { VehicleFilters } from '../components/vehicle-filters';
import { VirtualVehicleTable } from '../components/virtual-vehicle-table';
import { useVehicleListParams } from '../hooks/use-vehicle-list-params';

function VehicleManager() {
  const slug = useScopedCompanySlug();
  const { search, setSearch, debouncedSearch } = useDebouncedSearch();
  const list = useVehicleListParams();
  const filters = useMemo(
    () => ({
      search: debouncedSearch || undefined,
      status: list.values.status ?? undefined,
      size: list.values.size ?? undefined,
      fleet: list.values.fleet ?? undefined,
      sort: list.sort,
      order: list.order,
    }),
    [debouncedSearch, list.values, list.sort, list.order],
  );
  const query = useVehiclesInfinite(slug, filters);
  const sizes = useLookup('vehicleSizes');
  const makes = useLookup('vehicleMakes');
  const fleets = useFleets(slug);
  const statuses = useVehicleStatusOptions(slug);
  const remove = useDeleteVehicle(slug);
  const { mutate: removeVehicle } = remove;
  const [notesFor, setNotesFor] = useState<Vehicle | null>(null);
  const closeNotes = useCallback(() => setNotesFor(null), []);
  const noteable = useMemo(
    () => (notesFor ? { type: 'vehicles' as const, uuid: notesFor.uuid } : null),
    [notesFor],
  );

  const onDelete = useCallback(
    (vehicle: Vehicle) =>
      confirmDanger({
        title: 'Delete this vehicle?',
        message: `${vehicle.name} (${vehicle.registrationNumber}) will be deleted and leave its fleets. This cannot be undone.`,
        confirmLabel: 'Delete vehicle',
        onConfirm: () => removeVehicle(vehicle),
      }),
    [removeVehicle],
  );
  const columns = useMemo(
    () =>
      vehicleColumns({
        sizeLabel: sizes.labelOf,
        makeLabel: makes.labelOf,
        fleetsByUuid: new Map((fleets.data ?? []).map((f) => [f.uuid, f])),
        statusOptions: statuses.options,
        statusOf: statuses.optionOf,
        onStatus: statuses.choose,
        pendingUuid: statuses.pendingUuid,
        onDelete,
        onNotes: setNotesFor,
      }),
    [
      sizes.labelOf,
      makes.labelOf,
      fleets.data,
      statuses.options,
      statuses.optionOf,
      statuses.choose,
      statuses.pendingUuid,
      onDelete,
    ],
  );
  const rows = useMemo(() => query.data?.pages.flatMap((page) => page.data) ?? [], [query.data]);
  const total = query.data?.pages[0]?.meta.total ?? 0;
  const filtered = list.hasFilters || Boolean(debouncedSearch);
  const clearAll = () => {
    setSearch('');
    list.clearFilters();
  };

  return (
    <>
      <Group justify="space-between" mb="sm" gap="sm">
        <Group gap="xs">
          <Text size="sm" c="dimmed" aria-live="polite">
            {query.data ? `${total.toLocaleString()} ${total === 1 ? 'vehicle' : 'vehicles'}` : ' '}
            {query.data && rows.length < total ? ` · ${rows.length.toLocaleString()} loaded` : ''}
          </Text>
          {query.isFetching && !query.isPending ? <Loader size={14} aria-label="Refreshing" /> : null}
        </Group>
        <Button component={Link} to="/VehicleAdd" leftSection={<IconPlus size={16} />}>
          Add vehicle
        </Button>
      </Group>
      <VehicleFilters
        slug={slug}
        search={search}
        onSearch={setSearch}
        values={list.values}
        onChange={list.update}
      />
      {query.isPending ? (
        <TableSkeleton rows={8} height={52} />
      ) : query.error && !query.data ? (
        <QueryError error={query.error} onRetry={query.refetch} title="Could not load the vehicles" />
      ) : total === 0 ? (
        filtered ? (
          <EmptyState
            icon={IconFilterOff}
            title="No vehicles match"
            description="No vehicle matches this search and these filters. Clear them to see every vehicle."
            action={{ label: 'Clear search and filters', onClick: clearAll }}
          />
        ) : (
          <EmptyState
            icon={IconCarGarage}
            title="No vehicles yet"
            description="Add your first vehicle: its registration, size and status. It will be listed here."
            action={{ label: 'Add a vehicle', to: '/VehicleAdd' }}
          />
        )
      ) : (
        <VirtualVehicleTable
          // A new search, filter or sort starts again at the top of the list.
          key={JSON.stringify(filters)}
          rows={rows}
          columns={columns}
          sort={list.sort}
          order={list.order}
          onSort={list.setSort}
          hasNextPage={query.hasNextPage}
          isFetchingNextPage={query.isFetchingNextPage}
          fetchNextPage={query.fetchNextPage}
          total={total}
        />
      )}
      <NotesDrawer
        noteable={noteable}
        title={notesFor ? `Notes on ${notesFor.name}` : ''}
        onClose={closeNotes}
      />
    </>
  );
}

/** /VehicleManage: every vehicle of the company, searchable, filterable, sortable, in a virtualised table. */
export default function VehicleManagePage() {
  return (
    <>
      <PageHeader
        title="Manage Vehicles"
        description="Search, filter and sort your vehicles; change a status from its tag."
      />
      <AdminGate what="manage the company's vehicles">
        <VehicleManager />
      </AdminGate>
    </>
  );
}
