import { Group, SegmentedControl, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import { DirectoryAddressSelect } from './edits/directory-address-select';
import type { EasyDeliveryValues, PlaceMode } from './easy-form-values';
import { TypedAddressFields } from './typed-address-fields';

/**
 * A pickup or dropoff: a searchable select over the address directory, or the address typed in, which the address
 * search fills with a picked suggestion and its point.
 */
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
        <DirectoryAddressSelect
          slug={slug}
          label={`${label} address`}
          withAsterisk={false}
          value={values.addressUuid}
          error={form.errors[`${place}.addressUuid`] as string | undefined}
          onChange={(uuid, text, address) => {
            form.setFieldValue(`${place}.addressUuid`, uuid);
            // The short name ("Depot", or the city) goes into the default delivery name "Depot → Leeds".
            form.setFieldValue(`${place}.addressLabel`, address ? (address.label ?? address.city) : text);
            form.clearFieldError(`${place}.addressUuid`);
          }}
        />
      ) : (
        <TypedAddressFields
          form={form}
          prefix={place}
          searchLabel={`${label}: search for an address`}
          values={values}
          cols={{ base: 1, xs: 2 }}
        />
      )}
    </Stack>
  );
}
