import { Group, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import { useDebouncedSearch } from '../../../lib/use-debounced-search';
import { useDirectoryAddresses } from '../api/list-directory-addresses';
import type { EasyDeliveryValues, PlaceMode } from './easy-form-values';
import { formatAddress } from './format';

/** A pickup or dropoff: a searchable select over the address directory, or the address typed in. */
export function PlaceFields({
  slug,
  form,
  place,
  label,
}: {
  slug: string;
  form: UseFormReturnType<EasyDeliveryValues>;
  place: 'pickup' | 'dropoff';
  label: string;
}) {
  const values = form.getValues()[place];
  const [mode, setMode] = useState<PlaceMode>(values.mode);
  const { search, setSearch, debouncedSearch } = useDebouncedSearch();
  const addresses = useDirectoryAddresses(slug, debouncedSearch);
  const options = (addresses.data ?? []).map((a) => ({
    value: a.uuid,
    label: a.label ? `${a.label} — ${formatAddress(a)}` : formatAddress(a),
  }));
  const selected = values.addressUuid;
  if (selected && !options.some((o) => o.value === selected)) {
    options.unshift({ value: selected, label: values.addressLabel || selected });
  }

  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text fw={700}>{label}</Text>
        <SegmentedControl
          size="xs"
          aria-label={`${label}: how to give the address`}
          value={mode}
          onChange={(value) => {
            const next = value;
            setMode(next);
            form.setFieldValue(`${place}.mode`, next);
          }}
          data={[
            { value: 'directory', label: 'From directory' },
            { value: 'typed', label: 'Type it in' },
          ]}
        />
      </Group>
      {mode === 'directory' ? (
        <Select
          label={`${label} address`}
          placeholder="Search the address directory"
          searchable
          clearable
          filter={({ options: all }) => all}
          searchValue={search}
          onSearchChange={setSearch}
          data={options}
          nothingFoundMessage={addresses.isFetching ? 'Searching…' : 'No address found: type it in instead'}
          error={form.errors[`${place}.addressUuid`]}
          value={selected}
          onChange={(value, option) => {
            form.setFieldValue(`${place}.addressUuid`, value);
            const label = addresses.data?.find((a) => a.uuid === value);
            form.setFieldValue(
              `${place}.addressLabel`,
              label ? (label.label ?? label.city) : (option?.label ?? ''),
            );
            form.clearFieldError(`${place}.addressUuid`);
          }}
        />
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
          <TextInput
            label="Address line 1"
            withAsterisk
            key={form.key(`${place}.line1`)}
            {...form.getInputProps(`${place}.line1`)}
          />
          <TextInput
            label="City"
            withAsterisk
            key={form.key(`${place}.city`)}
            {...form.getInputProps(`${place}.city`)}
          />
          <TextInput
            label="Postcode"
            withAsterisk
            key={form.key(`${place}.postcode`)}
            {...form.getInputProps(`${place}.postcode`)}
          />
          <TextInput
            label="Country code"
            withAsterisk
            maxLength={2}
            key={form.key(`${place}.countryCode`)}
            {...form.getInputProps(`${place}.countryCode`)}
          />
        </SimpleGrid>
      )}
    </Stack>
  );
}
