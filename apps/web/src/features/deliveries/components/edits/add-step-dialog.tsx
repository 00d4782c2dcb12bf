import { AddStepWithAddressBodySchema } from '@courier/contract';
import { NumberInput, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  addressFieldProps,
  coordinateFieldProps,
  fillFromPlace,
} from '../../../../components/address-search/address-form-fill';
import { AddressPointNote } from '../../../../components/address-search/address-point-note';
import { AddressSearch } from '../../../../components/address-search/address-search';
import { applyServerErrors, revealFormErrors } from '../../../../lib/form-errors';
import { useAddStep } from '../../api/add-step';
import { DirectoryAddressSelect } from './directory-address-select';
import { EditDialog } from '../../../../components/dialogs/edit-dialog';
import { emptyStep, stepBody, stepErrorKey, type StepFormValues } from './edit-form-values';
import { useCompanyCountry } from '../../../../lib/session/company-country';

function validate(values: StepFormValues): Record<string, string> {
  const parsed = AddStepWithAddressBodySchema.safeParse(stepBody(values));
  const errors: Record<string, string> = {};
  for (const issue of parsed.error?.issues ?? [])
    errors[stepErrorKey(issue.path.join('.'), values.mode)] ??= issue.message;
  return errors;
}

/**
 * Adds a pickup or dropoff step at an address from the directory or typed in: found with the address search (which
 * keeps the point), or typed with optional coordinates.
 */
export function AddStepDialog({
  slug,
  deliveryUuid,
  onClose,
}: {
  slug: string;
  deliveryUuid: string;
  onClose: () => void;
}) {
  const add = useAddStep(slug, deliveryUuid);
  const country = useCompanyCountry();
  const form = useForm<StepFormValues>({ initialValues: emptyStep('dropoff', country), validate });
  const values = form.getValues();

  const submit = form.onSubmit((v) => {
    add.mutate(stepBody(v), {
      onSuccess: onClose,
      onError: (error) => applyServerErrors(form, error, (path) => stepErrorKey(path, v.mode)),
    });
  }, revealFormErrors);

  return (
    <EditDialog
      opened
      title="Add a step"
      submitLabel="Add step"
      pending={add.isPending}
      onClose={onClose}
      onSubmit={submit}
    >
      <SegmentedControl
        aria-label="Kind of step"
        fullWidth
        data={[
          { value: 'pickup', label: 'Pickup' },
          { value: 'dropoff', label: 'Dropoff' },
        ]}
        {...form.getInputProps('kind')}
      />
      <Text size="xs" c="dimmed">
        {values.kind === 'pickup'
          ? 'A pickup goes before the first dropoff.'
          : 'A dropoff goes at the end of the route.'}
      </Text>
      <SegmentedControl
        aria-label="How to give the address"
        fullWidth
        data={[
          { value: 'directory', label: 'From directory' },
          { value: 'typed', label: 'Type it in' },
        ]}
        value={values.mode}
        onChange={(mode) => {
          form.setFieldValue('mode', mode);
          form.clearErrors();
        }}
      />
      {values.mode === 'directory' ? (
        <DirectoryAddressSelect
          slug={slug}
          label="Address"
          value={values.addressUuid}
          error={form.errors.addressUuid as string | undefined}
          onChange={(uuid) => {
            form.setFieldValue('addressUuid', uuid);
            form.clearFieldError('addressUuid');
          }}
        />
      ) : (
        <Stack gap="xs">
          <AddressSearch
            country={values.address.countryCode}
            onPick={(place) => fillFromPlace(form, 'address', place)}
          />
          <TextInput label="Address line 1" withAsterisk {...addressFieldProps(form, 'address', 'line1')} />
          <TextInput label="Address line 2" {...form.getInputProps('address.line2')} />
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
            <TextInput label="City" withAsterisk {...addressFieldProps(form, 'address', 'city')} />
            <TextInput label="Postcode" withAsterisk {...addressFieldProps(form, 'address', 'postcode')} />
            <TextInput
              label="Country code"
              withAsterisk
              maxLength={2}
              {...addressFieldProps(form, 'address', 'countryCode')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 2 }} spacing="xs">
            <NumberInput
              label="Latitude"
              description="Optional, for the map"
              decimalScale={6}
              min={-90}
              max={90}
              {...coordinateFieldProps(form, 'address', 'lat')}
            />
            <NumberInput
              label="Longitude"
              description="Optional, for the map"
              decimalScale={6}
              min={-180}
              max={180}
              {...coordinateFieldProps(form, 'address', 'lng')}
            />
          </SimpleGrid>
          <AddressPointNote point={values.address} />
        </Stack>
      )}
    </EditDialog>
  );
}
