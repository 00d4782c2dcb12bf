import { AddressInputSchema, type DirectoryAddress } from '@courier/contract';
import { Button, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { applyServerErrors } from '../../../lib/form-errors';
import { validateWith } from '../../../lib/zod-form';
import { useSaveAddress } from '../api/save-address';

interface AddressValues {
  label: string;
  line1: string;
  line2: string;
  line3: string;
  city: string;
  county: string;
  postcode: string;
  countryCode: string;
  lat: string;
  lng: string;
}

function valuesOf(a: DirectoryAddress | null): AddressValues {
  return {
    label: a?.label ?? '',
    line1: a?.line1 ?? '',
    line2: a?.line2 ?? '',
    line3: a?.line3 ?? '',
    city: a?.city ?? '',
    county: a?.county ?? '',
    postcode: a?.postcode ?? '',
    countryCode: a?.countryCode ?? 'GB',
    lat: a?.location ? String(a.location.lat) : '',
    lng: a?.location ? String(a.location.lng) : '',
  };
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
  const form = useForm<AddressValues>({
    initialValues: valuesOf(address),
    validate: validateWith(AddressInputSchema, (v: AddressValues) => v),
  });
  const submit = form.onSubmit((values) =>
    save.mutate(
      { body: AddressInputSchema.parse(values), addressUuid: address?.uuid },
      { onSuccess: onDone, onError: (error) => applyServerErrors(form, error) },
    ),
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
        <TextInput label="Address line 1" required maxLength={200} {...form.getInputProps('line1')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Address line 2" maxLength={200} {...form.getInputProps('line2')} />
          <TextInput label="Address line 3" maxLength={200} {...form.getInputProps('line3')} />
          <TextInput label="City" required maxLength={100} {...form.getInputProps('city')} />
          <TextInput label="County" maxLength={100} {...form.getInputProps('county')} />
          <TextInput label="Postcode" required maxLength={20} {...form.getInputProps('postcode')} />
          <TextInput
            label="Country code"
            placeholder="GB"
            required
            maxLength={2}
            {...form.getInputProps('countryCode')}
          />
          <TextInput
            label="Latitude"
            inputMode="decimal"
            placeholder="51.5074"
            {...form.getInputProps('lat')}
          />
          <TextInput
            label="Longitude"
            inputMode="decimal"
            placeholder="-0.1278"
            {...form.getInputProps('lng')}
          />
        </SimpleGrid>
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
