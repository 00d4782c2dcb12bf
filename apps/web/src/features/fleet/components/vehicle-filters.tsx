import { Select, SimpleGrid } from '@mantine/core';
import { memo } from 'react';
import { SearchInput } from '../../../components/list/search-input';
import { useLookup } from '../../../lib/lookups/get-lookup';
import { useFleets } from '../api/list-fleets';

export interface VehicleFilterValues {
  status: string | null;
  size: string | null;
  fleet: string | null;
}

/**
 * Search and the status, size and fleet filters of the vehicle list. Memoised: the list renders again with every
 * page of vehicles it loads, and these selects (each a combobox with its popover) need not.
 */
export const VehicleFilters = memo(function VehicleFilters({
  slug,
  search,
  onSearch,
  values,
  onChange,
}: {
  slug: string;
  search: string;
  onSearch: (value: string) => void;
  values: VehicleFilterValues;
  onChange: (patch: Partial<VehicleFilterValues>) => void;
}) {
  const statuses = useLookup('vehicleStatuses');
  const sizes = useLookup('vehicleSizes');
  const fleets = useFleets(slug);
  const fleetOptions = (fleets.data ?? []).map((f) => ({ value: f.uuid, label: f.name }));
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" mb="md">
      <SearchInput
        value={search}
        onChange={onSearch}
        label="Search vehicles"
        placeholder="Name or registration"
      />
      <Select
        aria-label="Filter by status"
        placeholder="Any status"
        data={statuses.options}
        value={values.status}
        onChange={(status) => onChange({ status })}
        clearable
      />
      <Select
        aria-label="Filter by size"
        placeholder="Any size"
        data={sizes.options}
        value={values.size}
        onChange={(size) => onChange({ size })}
        clearable
        searchable
      />
      <Select
        aria-label="Filter by fleet"
        placeholder={fleets.isPending ? 'Loading fleets…' : 'Any fleet'}
        data={fleetOptions}
        value={values.fleet}
        onChange={(fleet) => onChange({ fleet })}
        clearable
        searchable
        nothingFoundMessage="No fleets yet"
      />
    </SimpleGrid>
  );
});
