import { AddressInputSchema, type DirectoryAddress } from '@courier/contract';
import { Button, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  addressFieldProps,
  coordinateFieldProps,
  fillFromPlace,
} from '../../../components/address-search/address-form-fill';
import { pointBody, storedPoint, type PointValues } from '../../../components/address-search/address-point';
import { AddressPointNote } from '../../../components/address-search/address-point-note';
import { AddressSearch } from '../../../components/address-search/address-search';
import { applyServerErrors, revealFormErrors } from '../../../lib/form-errors';
import { validateWith } from '../../../lib/zod-form';
import { useSaveAddress } from '../api/save-address';
import { useCompanyCountry } from '../../../lib/session/company-country';

interface AddressValues extends PointValues {
  label: string;
  line1: string;
  line2: string;
  line3: string;
  city: string;
  county: string;
  postcode: string;
  countryCode: string;
}

function valuesOf(a: DirectoryAddress | null, country: string): AddressValues {
  return {
    label: a?.label ?? '',
    line1: a?.line1 ?? '',
    line2: a?.line2 ?? '',
    line3: a?.line3 ?? '',
    city: a?.city ?? '',
    county: a?.county ?? '',
    postcode: a?.postcode ?? '',
    countryCode: a?.countryCode ?? country,
    ...storedPoint(a?.location, a?.placeStatus, a ? [a.line1, a.city, a.postcode].join(', ') : ''),
  };
}

/** The values as the body: the point with how it was chosen, or none for the server to place the address. */
function toBody(values: AddressValues) {
  const { lat: _lat, lng: _lng, placement: _placement, placeLabel: _label, ...address } = values;
  return { ...address, ...pointBody(values) };
}

function AddressForm({
  slug,
  address,
  onDone,
}: {
  slug: string;
  address: DirectoryAddress | null;
  onDone: () => void;
}) {
  const save = useSaveAddress(slug);
  const country = useCompanyCountry();
  const form = useForm<AddressValues>({
    initialValues: valuesOf(address, country),
    validate: validateWith(AddressInputSchema, toBody),
  });
  const submit = form.onSubmit((values) =>
    save.mutate(
      { body: AddressInputSchema.parse(toBody(values)), addressUuid: address?.uuid },
      { onSuccess: onDone, onError: (error) => applyServerErrors(form, error) },
    ), revealFormErrors,
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Label"
          placeholder="Warehouse, Head office…"
          data-autofocus
          maxLength={100}
          {...form.getInputProps('label')}
        />
        <AddressSearch country={form.values.countryCode} onPick={(place) => fillFromPlace(form, '', place)} />
        <TextInput
          label="Address line 1"
          required
          maxLength={200}
          {...addressFieldProps(form, '', 'line1')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Address line 2" maxLength={200} {...form.getInputProps('line2')} />
          <TextInput label="Address line 3" maxLength={200} {...form.getInputProps('line3')} />
          <TextInput label="City" required maxLength={100} {...addressFieldProps(form, '', 'city')} />
          <TextInput label="County" maxLength={100} {...form.getInputProps('county')} />
          <TextInput label="Postcode" required maxLength={20} {...addressFieldProps(form, '', 'postcode')} />
          <TextInput
            label="Country code"
            placeholder="GB"
            required
            maxLength={2}
            {...addressFieldProps(form, '', 'countryCode')}
          />
          <TextInput
            label="Latitude"
            inputMode="decimal"
            placeholder="51.5074"
            {...coordinateFieldProps(form, '', 'lat')}
          />
          <TextInput
            label="Longitude"
            inputMode="decimal"
            placeholder="-0.1278"
            {...coordinateFieldProps(form, '', 'lng')}
          />
        </SimpleGrid>
        <AddressPointNote point={form.values} />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {address ? 'Save address' : 'Add address'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Adds an address to the directory, or edits the one given. */
export function AddressFormModal({
  slug,
  state,
  onClose,
}: {
  slug: string;
  state: { address: DirectoryAddress | null } | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={state !== null}
      onClose={onClose}
      title={state?.address ? 'Edit address' : 'New address'}
      size="lg"
      centered
    >
      {state ? (
        <AddressForm
          key={state.address?.uuid ?? 'new'}
          slug={slug}
          address={state.address}
          onDone={onClose}
        />
      ) : null}
    </Modal>
  );
}
