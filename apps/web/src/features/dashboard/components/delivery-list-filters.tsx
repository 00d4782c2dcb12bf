import { Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { SearchInput } from '../../../components/list/search-input';
import { useDriverOptions } from '../api/list-driver-options';

/** The full delivery list's filters: search, status, dates and driver (loaded with the list that has them). */
export default function DeliveryListFilters({
  slug,
  statusOptions,
  search,
  onSearch,
  status,
  onStatus,
  from,
  onFrom,
  to,
  onTo,
  driver,
  onDriver,
}: {
  slug: string;
  statusOptions: { value: string; label: string }[];
  search: string;
  onSearch: (value: string) => void;
  status: string | null;
  onStatus: (value: string | null) => void;
  from: string;
  onFrom: (value: string) => void;
  to: string;
  onTo: (value: string) => void;
  driver: string | null;
  onDriver: (value: string | null) => void;
}) {
  const drivers = useDriverOptions(slug);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="xs">
      <SearchInput
        value={search}
        onChange={onSearch}
        label="Search deliveries"
        placeholder="Search name or tracking code"
      />
      <Select
        aria-label="Status"
        placeholder="Any status"
        clearable
        data={statusOptions}
        value={status}
        onChange={onStatus}
      />
      <TextInput
        type="date"
        aria-label="Created from"
        leftSection={
          <Text size="xs" c="dimmed">
            From
          </Text>
        }
        leftSectionWidth={48}
        value={from}
        onChange={(e) => onFrom(e.currentTarget.value)}
      />
      <TextInput
        type="date"
        aria-label="Created until"
        leftSection={
          <Text size="xs" c="dimmed">
            Until
          </Text>
        }
        leftSectionWidth={48}
        value={to}
        onChange={(e) => onTo(e.currentTarget.value)}
      />
      <Select
        aria-label="Driver"
        placeholder={drivers.isPending ? 'Loading drivers…' : 'Any driver'}
        clearable
        searchable
        data={drivers.data ?? []}
        value={driver}
        onChange={onDriver}
      />
    </SimpleGrid>
  );
}
