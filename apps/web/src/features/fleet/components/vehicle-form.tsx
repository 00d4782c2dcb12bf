import { VehicleInputSchema, type Vehicle } from '@courier/contract';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from 'react-router';
import { applyServerErrors, revealFormErrors } from '../../../lib/form-errors';
import { validateWith } from '../../../lib/zod-form';
import { useCreateVehicle } from '../api/create-vehicle';
import { useUpdateVehicle } from '../api/update-vehicle';
import { VehicleDetailsFields, VehicleModelFields, VehicleUseFields } from './vehicle-form-fields';
import { bodyOf, EMPTY_VEHICLE, valuesOf, type VehicleFormValues } from './vehicle-form-values';

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label={title}>
      <Title order={2} fz="lg">
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {description}
      </Text>
      <Stack gap="md">{children}</Stack>
    </Card>
  );
}

/** Adds a vehicle, or edits one when `vehicle` is given; both then return to the vehicle list. */
export function VehicleForm({ slug, vehicle }: { slug: string; vehicle?: Vehicle }) {
  const navigate = useNavigate();
  const create = useCreateVehicle(slug);
  const update = useUpdateVehicle(slug, vehicle?.uuid ?? '');
  const save = vehicle ? update : create;
  const form = useForm<VehicleFormValues>({
    initialValues: vehicle ? valuesOf(vehicle) : EMPTY_VEHICLE,
    validate: validateWith(VehicleInputSchema, bodyOf),
    validateInputOnBlur: true,
  });
  const submit = form.onSubmit((values) => {
    save.mutate(bodyOf(values), {
      onSuccess: () => void navigate('/VehicleManage'),
      onError: (error) => applyServerErrors(form, error),
    });
  }, revealFormErrors);
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg" maw={920}>
        <Section title="Vehicle" description="How your team knows it, and its registration plate.">
          <VehicleDetailsFields form={form} />
        </Section>
        <Section
          title="Make, model and size"
          description="Choosing a model fills in its make and size. The size decides which deliveries it can take."
        >
          <VehicleModelFields form={form} slug={slug} />
        </Section>
        <Section
          title="Status, features and fleets"
          description="What it can do now and which fleets it is in."
        >
          <VehicleUseFields form={form} slug={slug} />
        </Section>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => void navigate('/VehicleManage')}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {vehicle ? 'Save changes' : 'Add vehicle'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
