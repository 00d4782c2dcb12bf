import type { Fleet } from '@courier/contract';
import { ActionIcon, Button, Drawer, Group, MultiSelect, ScrollArea, Stack, Text } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { QueryError } from '../../../components/list/query-error';
import { TableSkeleton } from '../../../components/list/table-skeleton';
import { VehicleSizePicture } from '../../../components/vehicle-size-picture/vehicle-size-picture';
import { useDebouncedSearch } from '../../../lib/use-debounced-search';
import { useAddFleetVehicles } from '../api/add-fleet-vehicles';
import { useVehiclePage } from '../api/list-vehicles';
import { useRemoveFleetVehicle } from '../api/remove-fleet-vehicle';

const MEMBERS_PER_PAGE = 1000;
const PICKER_PER_PAGE = 50;

function AddVehicles({ slug, fleet }: { slug: string; fleet: Fleet }) {
  const [chosen, setChosen] = useState<string[]>([]);
  const { search, setSearch, debouncedSearch } = useDebouncedSearch();
  const candidates = useVehiclePage(slug, {
    search: debouncedSearch || undefined,
    per_page: PICKER_PER_PAGE,
  });
  const add = useAddFleetVehicles(slug, fleet.uuid);
  const inFleet = new Set(fleet.vehicleUuids);
  const options = (candidates.data?.data ?? [])
    .filter((v) => !inFleet.has(v.uuid))
    .map((v) => ({ value: v.uuid, label: `${v.name} · ${v.registrationNumber}` }));
  return (
    <Stack gap="xs">
      <MultiSelect
        label="Add vehicles"
        placeholder="Search by name or registration"
        data={options}
        value={chosen}
        onChange={setChosen}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options: all }) => all}
        nothingFoundMessage={candidates.isFetching ? 'Searching…' : 'No other vehicle matches'}
        clearable
      />
      <Group justify="flex-end">
        <Button
          size="xs"
          leftSection={<IconPlus size={14} />}
          disabled={chosen.length === 0}
          loading={add.isPending}
          onClick={() => add.mutate(chosen, { onSuccess: () => setChosen([]) })}
        >
          Add to fleet
        </Button>
      </Group>
    </Stack>
  );
}

function Members({ slug, fleet }: { slug: string; fleet: Fleet }) {
  const members = useVehiclePage(slug, { fleet: fleet.uuid, per_page: MEMBERS_PER_PAGE });
  const remove = useRemoveFleetVehicle(slug, fleet.uuid);
  if (members.error) return <QueryError error={members.error} onRetry={members.refetch} />;
  if (!members.data) return <TableSkeleton rows={4} />;
  const vehicles = members.data.data;
  if (vehicles.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No vehicles in this fleet yet. Add some above.
      </Text>
    );
  }
  return (
    <Stack
      gap={4}
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={`Vehicles in ${fleet.name}`}
    >
      {vehicles.map((v) => (
        <Group key={v.uuid} component="li" gap="sm" wrap="nowrap" justify="space-between" py={4}>
          <Group gap="sm" wrap="nowrap" miw={0}>
            <VehicleSizePicture size={v.vehicleSizeTypeSlug} width={44} />
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} truncate>
                {v.name}
              </Text>
              <Text size="xs" c="dimmed" ff="monospace">
                {v.registrationNumber}
              </Text>
            </div>
          </Group>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove ${v.name} from ${fleet.name}`}
            loading={remove.isPending && remove.variables.uuid === v.uuid}
            onClick={() => remove.mutate(v)}
          >
            <IconX size={16} />
          </ActionIcon>
        </Group>
      ))}
      {members.data.meta.total > vehicles.length ? (
        <Text size="xs" c="dimmed">
          Showing {vehicles.length} of {members.data.meta.total}.
        </Text>
      ) : null}
    </Stack>
  );
}

/** The vehicles of one fleet: add from the company's vehicles, remove one at a time. */
export function FleetVehiclesDrawer({
  slug,
  fleet,
  onClose,
}: {
  slug: string;
  fleet: Fleet | null;
  onClose: () => void;
}) {
  return (
    <Drawer
      opened={fleet !== null}
      onClose={onClose}
      position="right"
      size="md"
      title={fleet ? `${fleet.name}: vehicles` : ''}
      scrollAreaComponent={ScrollArea.Autosize}
    >
      {fleet ? (
        <Stack gap="lg">
          <AddVehicles slug={slug} fleet={fleet} />
          <Members slug={slug} fleet={fleet} />
        </Stack>
      ) : null}
    </Drawer>
  );
}
