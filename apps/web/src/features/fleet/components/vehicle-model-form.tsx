import { LIMITS, VehicleModelInputSchema } from '@courier/contract';
import { Box, Button, Card, Group, Select, SimpleGrid, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { VehicleSizePicture } from '../../../components/vehicle-size-picture/vehicle-size-picture';
import { applyServerErrors, revealFormErrors } from '../../../lib/form-errors';
import { useLookup } from '../../../lib/lookups/get-lookup';
import { validateWith } from '../../../lib/zod-form';
import { useCreateVehicleModel } from '../api/create-vehicle-model';

interface ModelFormValues {
  vehicleMakeTypeSlug: string | null;
  name: string;
  vehicleSizeTypeSlug: string | null;
}
const EMPTY: ModelFormValues = { vehicleMakeTypeSlug: null, name: '', vehicleSizeTypeSlug: null };
const bodyOf = (values: ModelFormValues) => ({
  vehicleMakeTypeSlug: values.vehicleMakeTypeSlug ?? '',
  name: values.name,
  vehicleSizeTypeSlug: values.vehicleSizeTypeSlug ?? '',
});

/** A company's own vehicle model: make, model name and size. */
export function VehicleModelForm({ slug }: { slug: string }) {
  const makes = useLookup('vehicleMakes');
  const sizes = useLookup('vehicleSizes');
  const create = useCreateVehicleModel(slug);
  const form = useForm<ModelFormValues>({
    initialValues: EMPTY,
    validate: (values) => {
      const errors = validateWith(VehicleModelInputSchema, bodyOf)(values);
      if (!values.vehicleMakeTypeSlug) errors.vehicleMakeTypeSlug = 'Choose a make';
      if (!values.vehicleSizeTypeSlug) errors.vehicleSizeTypeSlug = 'Choose a size';
      return errors;
    },
  });
  const submit = form.onSubmit((values) =>
    create.mutate(VehicleModelInputSchema.parse(bodyOf(values)), {
      onSuccess: () => form.reset(),
      onError: (error) => applyServerErrors(form, error),
    }), revealFormErrors,
  );
  const size = form.values.vehicleSizeTypeSlug;
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label="New vehicle type">
      <form onSubmit={submit} noValidate>
        <Title order={2} fz="lg">
          New vehicle type
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          A make and model with its size. Your vehicles can then be added by choosing it.
        </Text>
        <Group align="flex-start" gap="lg" wrap="nowrap">
          <SimpleGrid cols={{ base: 1, sm: 3 }} style={{ flex: 1 }}>
            <Select
              label="Make"
              required
              placeholder={makes.isPending ? 'Loading makes…' : 'Choose a make'}
              data={makes.options}
              searchable
              {...form.getInputProps('vehicleMakeTypeSlug')}
            />
            <TextInput
              label="Model name"
              required
              placeholder="Transit Custom"
              maxLength={LIMITS.nameMax}
              {...form.getInputProps('name')}
            />
            <Select<string>
              label="Size"
              required
              placeholder="Choose a size"
              data={sizes.options}
              searchable
              renderOption={({ option }) => (
                <Group gap="sm" wrap="nowrap">
                  <VehicleSizePicture size={option.value} width={40} />
                  <Text size="sm">{option.label}</Text>
                </Group>
              )}
              {...form.getInputProps('vehicleSizeTypeSlug')}
            />
          </SimpleGrid>
          <Box visibleFrom="sm" mt={18}>
            <VehicleSizePicture size={size} width={110} label={sizes.labelOf(size) || 'No size chosen'} />
          </Box>
        </Group>
        <Group justify="flex-end" mt="lg">
          <Button type="submit" loading={create.isPending} leftSection={<IconPlus size={16} />}>
            Add vehicle type
          </Button>
        </Group>
      </form>
    </Card>
  );
}
