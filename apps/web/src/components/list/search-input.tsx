import { CloseButton, TextInput, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

/** A search box with a clear button; pair it with useDebouncedSearch so typing does not fetch on every key. */
export function SearchInput({
  value,
  onChange,
  label = 'Search',
  placeholder = 'Search...',
  ...props
}: Omit<TextInputProps, 'value' | 'onChange' | 'label'> & {
  value: string;
  onChange: (value: string) => void;
  label?: string;
}) {
  return (
    <TextInput
      type="search"
      aria-label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} />}
      rightSection={
        value ? <CloseButton size="sm" aria-label="Clear search" onClick={() => onChange('')} /> : null
      }
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      {...props}
    />
  );
}
