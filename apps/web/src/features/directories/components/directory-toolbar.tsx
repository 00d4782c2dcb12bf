import { Button, Group } from '@mantine/core';
import { IconFileImport, IconPlus } from '@tabler/icons-react';
import { SearchInput } from '../../../components/list/search-input';

/** Search, CSV import and add, above a directory list. */
export function DirectoryToolbar({
  search,
  onSearch,
  searchLabel,
  placeholder,
  addLabel,
  onAdd,
  onImport,
}: {
  search: string;
  onSearch: (value: string) => void;
  searchLabel: string;
  placeholder: string;
  addLabel: string;
  onAdd: () => void;
  onImport: () => void;
}) {
  return (
    <Group justify="space-between" gap="sm" mb="md" wrap="wrap">
      <SearchInput
        value={search}
        onChange={onSearch}
        label={searchLabel}
        placeholder={placeholder}
        w={{ base: '100%', xs: 320 }}
      />
      <Group gap="xs">
        <Button variant="default" leftSection={<IconFileImport size={16} />} onClick={onImport}>
          Import CSV
        </Button>
        <Button leftSection={<IconPlus size={16} />} onClick={onAdd}>
          {addLabel}
        </Button>
      </Group>
    </Group>
  );
}
