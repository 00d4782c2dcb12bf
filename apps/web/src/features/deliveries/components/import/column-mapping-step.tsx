import { Alert, Button, Card, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { StepTitle } from './import-parts';
import {
  columnName,
  ORDER_FIELD_GROUPS,
  ORDER_FIELDS,
  unmappedRequired,
  type ColumnMapping,
  type OrderField,
} from './order-fields';

const SAMPLE_CHARS = 24;

/** Step 2: which column of the file each field is read from, guessed from the header row and corrected here. */
export function ColumnMappingStep({
  fileName,
  header,
  sample,
  mapping,
  countryCode,
  focus,
  onChange,
  onBack,
  onContinue,
}: {
  fileName: string;
  header: readonly string[];
  /** The first data row, to show what each column holds. */
  sample: readonly string[];
  mapping: ColumnMapping;
  countryCode: string;
  focus: boolean;
  onChange: (mapping: ColumnMapping) => void;
  onBack: () => void;
  onContinue: () => void;
}) {
  const [tried, setTried] = useState(false);
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const missing = unmappedRequired(mapping);
  const columns = header.map((_, index) => {
    const value = sample[index]?.trim() ?? '';
    const shown = value.length > SAMPLE_CHARS ? `${value.slice(0, SAMPLE_CHARS)}…` : value;
    return {
      value: String(index),
      label: shown ? `${columnName(header, index)} (${shown})` : columnName(header, index),
    };
  });
  const used = new Set(Object.values(mapping));
  const unused = header.map((_, i) => i).filter((i) => !used.has(i) && header[i]?.trim());

  const next = () => {
    const first = missing[0];
    if (!first) return onContinue();
    setTried(true);
    inputs.current.get(first.id)?.focus();
  };
  const hint = (field: OrderField) =>
    field.id.endsWith('Country')
      ? `Two letters, such as FR. Empty cells get ${countryCode}, your company's country.`
      : field.hint;

  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="lg">
        <StepTitle step={2} title="Match the columns" focus={focus} />
        <Text size="sm">
          For each field, choose the column of {fileName} that holds it. Fields marked * are needed; leave the
          others empty if the file does not have them.
        </Text>
        {ORDER_FIELD_GROUPS.map((group) => (
          <Stack key={group} gap="xs" component="section" aria-label={group}>
            <Title order={3} fz="md">
              {group}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
              {ORDER_FIELDS.filter((field) => field.group === group).map((field) => {
                const value = mapping[field.id];
                return (
                  <Select
                    key={field.id}
                    ref={(input) => {
                      if (input) inputs.current.set(field.id, input);
                      else inputs.current.delete(field.id);
                    }}
                    label={field.label}
                    description={hint(field)}
                    withAsterisk={field.required}
                    required={field.required}
                    placeholder="Not in the file"
                    data={columns}
                    value={value === null ? null : String(value)}
                    onChange={(chosen) =>
                      onChange({ ...mapping, [field.id]: chosen === null ? null : Number(chosen) })
                    }
                    clearable
                    searchable
                    nothingFoundMessage="No column of that name"
                    error={
                      tried && field.required && value === null ? 'Choose the column that holds this.' : null
                    }
                  />
                );
              })}
            </SimpleGrid>
          </Stack>
        ))}
        {unused.length > 0 ? (
          <Text size="sm" c="dimmed">
            Columns not used: {unused.map((i) => columnName(header, i)).join(', ')}.
          </Text>
        ) : null}
        {tried && missing.length > 0 ? (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
            Choose a column for {missing.map((field) => field.label).join(', ')} to go on.
          </Alert>
        ) : null}
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={onBack}>
            Choose another file
          </Button>
          <Button rightSection={<IconArrowRight size={16} />} onClick={next}>
            Check the rows
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
