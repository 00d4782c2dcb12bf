import { DriverInfoBodySchema, type DriverInfo } from '@courier/contract';
import { Button, Group, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { applyServerErrors, revealFormErrors } from '../../../lib/form-errors';
import { validateWith } from '../../../lib/zod-form';
import { useUpdateDriverInfo } from '../api/update-driver-info';
import { dateInputFromIso, isoFromDateInput } from '../utils/dates';
import { ExpiryBadge } from './expiry-badge';

interface InfoValues {
  licenceNumber: string;
  licenceExpiresAt: string;
  insuranceNumber: string;
  insuranceExpiresAt: string;
}

const bodyOf = (v: InfoValues) => ({
  licenceNumber: v.licenceNumber,
  insuranceNumber: v.insuranceNumber,
  licenceExpiresAt: isoFromDateInput(v.licenceExpiresAt),
  insuranceExpiresAt: isoFromDateInput(v.insuranceExpiresAt),
});

/** Licence and insurance numbers with their expiry dates. */
export function DriverInfoForm({
  slug,
  driverUserUuid,
  info,
}: {
  slug: string;
  driverUserUuid: string;
  info: DriverInfo | undefined;
}) {
  const save = useUpdateDriverInfo(slug, driverUserUuid);
  const form = useForm<InfoValues>({
    initialValues: {
      licenceNumber: info?.licenceNumber ?? '',
      licenceExpiresAt: dateInputFromIso(info?.licenceExpiresAt),
      insuranceNumber: info?.insuranceNumber ?? '',
      insuranceExpiresAt: dateInputFromIso(info?.insuranceExpiresAt),
    },
    validate: validateWith(DriverInfoBodySchema, bodyOf),
  });
  const submit = form.onSubmit((values) =>
    save.mutate(DriverInfoBodySchema.parse(bodyOf(values)), {
      onSuccess: () => form.resetDirty(),
      onError: (error) => applyServerErrors(form, error),
    }), revealFormErrors,
  );
  return (
    <form onSubmit={submit} noValidate aria-label="Licence and insurance">
      <Stack gap="sm">
        <Title order={3} fz="md">
          Licence and insurance
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label="Licence number" maxLength={50} {...form.getInputProps('licenceNumber')} />
          <TextInput label="Licence expires" type="date" {...form.getInputProps('licenceExpiresAt')} />
          <TextInput label="Insurance number" maxLength={50} {...form.getInputProps('insuranceNumber')} />
          <TextInput label="Insurance expires" type="date" {...form.getInputProps('insuranceExpiresAt')} />
        </SimpleGrid>
        <Group gap="xs">
          <ExpiryBadge kind="licence" expiresAt={isoFromDateInput(form.values.licenceExpiresAt)} />
          <ExpiryBadge kind="insurance" expiresAt={isoFromDateInput(form.values.insuranceExpiresAt)} />
        </Group>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save details
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
