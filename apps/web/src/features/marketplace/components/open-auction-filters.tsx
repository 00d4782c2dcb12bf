import { Button, Group, NumberInput, Select } from '@mantine/core';
import { useLookup } from '../../../lib/lookups/get-lookup';
import type { OpenAuctionParams } from '../auction-format';

const SORTS = [
  { value: 'closing-soon', label: 'Closing soon' },
  { value: 'newest', label: 'Newest' },
  { value: 'nearest', label: 'Nearest to my depot' },
  { value: 'distance', label: 'Route distance' },
];

/** Size, reach from my depot, closing window, urgency and sort; each change goes to the address. */
export function OpenAuctionFilters({
  params,
  update,
  hasFilters,
  clearFilters,
}: {
  params: OpenAuctionParams;
  update: (patch: Record<string, string | number | null>) => void;
  hasFilters: boolean;
  clearFilters: () => void;
}) {
  const sizes = useLookup('vehicleSizes');
  return (
    <Group
      gap="sm"
      align="flex-end"
      wrap="wrap"
      mb="md"
      component="form"
      role="search"
      aria-label="Filter open bids"
      onSubmit={(e) => e.preventDefault()}
    >
      <Select
        label="Vehicle size"
        placeholder="Any size"
        data={sizes.options}
        value={params.size}
        onChange={(value) => update({ size: value })}
        clearable
        w={{ base: 'calc(50% - 6px)', xs: 170 }}
      />
      <NumberInput
        label="Max miles from depot"
        placeholder="Any"
        min={1}
        max={1000}
        value={params.maxMiles ?? ''}
        onChange={(value) => update({ maxMiles: typeof value === 'number' && value > 0 ? value : null })}
        w={{ base: 'calc(50% - 6px)', xs: 190 }}
      />
      <NumberInput
        label="Closing within (hours)"
        placeholder="Any"
        min={1}
        max={336}
        value={params.closingHours ?? ''}
        onChange={(value) => update({ closingHours: typeof value === 'number' && value > 0 ? value : null })}
        w={{ base: 'calc(50% - 6px)', xs: 170 }}
      />
      <Select
        label="Urgency"
        placeholder="Any"
        data={[
          { value: 'hotshot', label: 'Hotshot' },
          { value: 'flexible', label: 'Flexible' },
        ]}
        value={params.urgency}
        onChange={(value) => update({ urgency: value })}
        clearable
        w={{ base: 'calc(50% - 6px)', xs: 140 }}
      />
      <Select
        label="Sort by"
        data={SORTS}
        value={params.sort}
        onChange={(value) => update({ sort: value === 'closing-soon' ? null : value })}
        allowDeselect={false}
        w={{ base: 'calc(50% - 6px)', xs: 190 }}
      />
      {hasFilters ? (
        <Button variant="subtle" onClick={clearFilters}>
          Clear filters
        </Button>
      ) : null}
    </Group>
  );
}
