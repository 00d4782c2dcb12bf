import { SimpleGrid, Stack, TextInput, type SimpleGridProps } from '@mantine/core';
import {
  addressFieldProps,
  fillFromPlace,
  type AddressForm,
} from '../../../components/address-search/address-form-fill';
import type { PointValues } from '../../../components/address-search/address-point';
import { AddressPointNote } from '../../../components/address-search/address-point-note';
import { AddressSearch } from '../../../components/address-search/address-search';

/**
 * A step's address typed in (both delivery forms): the address search fills it and keeps the picked point, and the
 * line under it says whether it is on the map. Keys from the form, so an uncontrolled form shows a pick too.
 */
export function TypedAddressFields({
  form,
  prefix,
  searchLabel,
  values,
  cols,
}: {
  form: AddressForm;
  /** Where the address's fields sit in the form's values (`pickup`, `steps.2`). */
  prefix: string;
  searchLabel: string;
  values: PointValues & { countryCode: string };
  cols: SimpleGridProps['cols'];
}) {
  const key = (name: string) => form.key(`${prefix}.${name}`);
  const field = (name: string) => addressFieldProps(form, prefix, name);
  return (
    <Stack gap="xs">
      <AddressSearch
        label={searchLabel}
        country={values.countryCode}
        onPick={(place) => fillFromPlace(form, prefix, place)}
      />
      <SimpleGrid cols={cols} spacing="xs">
        <TextInput label="Address line 1" withAsterisk key={key('line1')} {...field('line1')} />
        <TextInput label="City" withAsterisk key={key('city')} {...field('city')} />
        <TextInput label="Postcode" withAsterisk key={key('postcode')} {...field('postcode')} />
        <TextInput
          label="Country code"
          withAsterisk
          maxLength={2}
          key={key('countryCode')}
          {...field('countryCode')}
        />
      </SimpleGrid>
      <AddressPointNote point={values} />
    </Stack>
  );
}
