import { Select } from '@mantine/core';
import { useState } from 'react';
import { useDebouncedSearch } from '../../../../lib/use-debounced-search';
import { useDirectoryAddresses } from '../../api/list-directory-addresses';
import type { DirectoryAddress } from '@courier/contract';
import { formatAddress } from '../../../../lib/delivery-format';

/** A searchable select over the company's address directory (search waits for the 500 ms pause). */
export function DirectoryAddressSelect({
  slug,
  label,
  value,
  onChange,
  error,
  withAsterisk = true,
}: {
  slug: string;
  label: string;
  value: string | null;
  /** The chosen uuid, the option's text, and the address itself (undefined when cleared). */
  onChange: (uuid: string | null, text: string, address: DirectoryAddress | undefined) => void;
  error?: string | undefined;
  withAsterisk?: boolean;
}) {
  const { search, setSearch, debouncedSearch } = useDebouncedSearch();
  const addresses = useDirectoryAddresses(slug, debouncedSearch);
  // Keep the chosen address's label when a later search no longer returns it.
  const [chosenLabel, setChosenLabel] = useState('');
  const options = (addresses.data ?? []).map((a) => ({
    value: a.uuid,
    label: a.label ? `${a.label} — ${formatAddress(a)}` : formatAddress(a),
  }));
  if (value && !options.some((o) => o.value === value)) {
    options.unshift({ value, label: chosenLabel || 'Chosen address' });
  }
  return (
    <Select
      label={label}
      withAsterisk={withAsterisk}
      placeholder="Search the address directory"
      searchable
      clearable
      filter={({ options: all }) => all}
      searchValue={search}
      onSearchChange={setSearch}
      data={options}
      nothingFoundMessage={addresses.isFetching ? 'Searching…' : 'No address found: type it in instead'}
      error={error}
      value={value}
      onChange={(next, option) => {
        setChosenLabel(option?.label ?? '');
        onChange(
          next,
          option?.label ?? '',
          addresses.data?.find((a) => a.uuid === next),
        );
      }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
