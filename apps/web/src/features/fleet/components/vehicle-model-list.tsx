import { Card, Group, Pagination, Table, Text, Title } from '@mantine/core';
import { IconCategory } from '@tabler/icons-react';
import { EmptyState } from '../../../components/layout/empty-state';
import { QueryError } from '../../../components/list/query-error';
import { SearchInput } from '../../../components/list/search-input';
import { TableSkeleton } from '../../../components/list/table-skeleton';
import { VehicleSizePicture } from '../../../components/vehicle-size-picture/vehicle-size-picture';
import { useLookup } from '../../../lib/lookups/get-lookup';
import { useDebouncedSearch } from '../../../lib/use-debounced-search';
import { useState } from 'react';
import { useVehicleModels } from '../api/list-vehicle-models';

const PER_PAGE = 20;

/** Every model the company can choose: the shared catalogue and its own, by make. */
export function VehicleModelList({ slug }: { slug: string }) {
  const models = useVehicleModels(slug);
  const makes = useLookup('vehicleMakes');
  const sizes = useLookup('vehicleSizes');
  const { search, setSearch, debouncedSearch } = useDebouncedSearch();
  const [page, setPage] = useState(1);
  const needle = debouncedSearch.toLowerCase();
  const rows = Object.values(models.data ?? {})
    .map((m) => ({
      ...m,
      make: makes.labelOf(m.vehicleMakeTypeSlug),
      size: sizes.labelOf(m.vehicleSizeTypeSlug),
    }))
    .filter((m) => !needle || `${m.make} ${m.name} ${m.size}`.toLowerCase().includes(needle))
    .sort((a, b) => a.make.localeCompare(b.make) || a.name.localeCompare(b.name));
  const pages = Math.max(1, Math.ceil(rows.length / PER_PAGE));
  const current = Math.min(page, pages);
  const shown = rows.slice((current - 1) * PER_PAGE, current * PER_PAGE);
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label="Vehicle types">
      <Group justify="space-between" mb="md" gap="sm">
        <Title order={2} fz="lg">
          Vehicle types
        </Title>
        <SearchInput
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
          label="Search vehicle types"
          placeholder="Make, model or size"
          w={260}
        />
      </Group>
      {models.isPending ? (
        <TableSkeleton rows={5} />
      ) : models.error ? (
        <QueryError error={models.error} onRetry={models.refetch} title="Could not load the vehicle types" />
      ) : rows.length === 0 ? (
        <EmptyState
          icon={IconCategory}
          title={needle ? 'No vehicle type matches' : 'No vehicle types yet'}
          description={
            needle ? 'Try another make, model or size.' : 'Add the makes and models your company drives.'
          }
        />
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing="xs" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={80}>Picture</Table.Th>
                <Table.Th>Make</Table.Th>
                <Table.Th>Model</Table.Th>
                <Table.Th>Size</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((m) => (
                <Table.Tr key={m.uuid}>
                  <Table.Td>
                    <VehicleSizePicture size={m.vehicleSizeTypeSlug} width={56} />
                  </Table.Td>
                  <Table.Td>{m.make}</Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {m.name}
                    </Text>
                  </Table.Td>
                  <Table.Td>{m.size}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 ? (
        <Group justify="space-between" mt="md">
          <Text size="sm" c="dimmed">
            {rows.length} vehicle types
          </Text>
          <Pagination total={pages} value={current} onChange={setPage} size="sm" />
        </Group>
      ) : null}
    </Card>
  );
}
