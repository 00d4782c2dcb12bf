import { LIMITS, vehicleStatusTag } from '@courier/contract';
import {
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { StatusTag } from '../../../components/status-tag/status-tag';
import { VehicleSizePicture } from '../../../components/vehicle-size-picture/vehicle-size-picture';
import { useLookup } from '../../../lib/lookups/get-lookup';
import { useFleets } from '../api/list-fleets';
import { useVehicleModels } from '../api/list-vehicle-models';
import type { VehicleFormValues } from './vehicle-form-values';

type Form = UseFormReturnType<VehicleFormValues>;

export function VehicleDetailsFields({ form }: { form: Form }) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Name"
          placeholder="Van 3"
          required
          maxLength={LIMITS.nameMax}
          {...form.getInputProps('name')}
        />
        <TextInput
          label="Registration number"
          placeholder="AB12 CDE"
          description="Letters and digits; spaces and dashes are ignored."
          required
          autoCapitalize="characters"
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...form.getInputProps('registrationNumber')}
        />
      </SimpleGrid>
      <Textarea
        label="Description"
        placeholder="Anything drivers should know: tail lift, parking permit…"
        autosize
        minRows={2}
        maxLength={LIMITS.descriptionMax}
        {...form.getInputProps('description')}
      />
    </>
  );
}

export function VehicleModelFields({ form, slug }: { form: Form; slug: string }) {
  const models = useVehicleModels(slug);
  const makes = useLookup('vehicleMakes');
  const sizes = useLookup('vehicleSizes');
  const colours = useLookup('vehicleColours');
  const byMake = new Map<string, { value: string; label: string }[]>();
  for (const model of Object.values(models.data ?? {})) {
    const make = makes.labelOf(model.vehicleMakeTypeSlug);
    byMake.set(make, [...(byMake.get(make) ?? []), { value: model.uuid, label: `${make} ${model.name}` }]);
  }
  const modelOptions = [...byMake.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([group, items]) => ({ group, items: items.sort((a, b) => a.label.localeCompare(b.label)) }));
  const chooseModel = (uuid: string | null) => {
    const model = uuid ? models.data?.[uuid] : undefined;
    form.setFieldValue('vehicleModelUuid', uuid);
    if (model) {
      form.setFieldValue('vehicleMakeTypeSlug', model.vehicleMakeTypeSlug);
      form.setFieldValue('vehicleSizeTypeSlug', model.vehicleSizeTypeSlug);
    }
  };
  const size = form.values.vehicleSizeTypeSlug;
  return (
    <>
      <Select
        label="Model"
        placeholder={models.isPending ? 'Loading models…' : 'Choose a model (optional)'}
        description="Missing one? Add it under Add Vehicle Type."
        data={modelOptions}
        searchable
        clearable
        nothingFoundMessage="No model by that name"
        {...form.getInputProps('vehicleModelUuid')}
        onChange={chooseModel}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Make"
          placeholder="Any make"
          data={makes.options}
          searchable
          clearable
          {...form.getInputProps('vehicleMakeTypeSlug')}
        />
        <Select
          label="Colour"
          placeholder="Not set"
          data={colours.options}
          searchable
          clearable
          {...form.getInputProps('vehicleColourTypeSlug')}
        />
        <Select<string>
          label="Size"
          required
          data={sizes.options}
          searchable
          allowDeselect={false}
          renderOption={({ option }) => (
            <Group gap="sm" wrap="nowrap">
              <VehicleSizePicture size={option.value} width={40} />
              <Text size="sm">{option.label}</Text>
            </Group>
          )}
          {...form.getInputProps('vehicleSizeTypeSlug')}
        />
        <NumberInput
          label="Year"
          placeholder="2021"
          min={LIMITS.vehicleYearMin}
          max={new Date().getFullYear() + 1}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('vehicleYear')}
        />
      </SimpleGrid>
      <Group gap="sm" c="dimmed" aria-live="polite">
        <VehicleSizePicture size={size} width={96} label={`Size: ${sizes.labelOf(size)}`} />
        <Text size="sm">{sizes.labelOf(size)}</Text>
      </Group>
    </>
  );
}

export function VehicleUseFields({ form, slug }: { form: Form; slug: string }) {
  const statuses = useLookup('vehicleStatuses');
  const features = useLookup('vehicleFeatures');
  const fleets = useFleets(slug);
  return (
    <>
      <Select<string>
        label="Status"
        required
        data={statuses.options}
        allowDeselect={false}
        renderOption={({ option }) => (
          <StatusTag
            tag={statuses.map[option.value]?.tag ?? vehicleStatusTag(option.value)}
            label={option.label}
          />
        )}
        {...form.getInputProps('vehicleStatusTypeSlug')}
      />
      <MultiSelect
        label="Features"
        placeholder="Tail lift, refrigerated…"
        data={features.options}
        searchable
        clearable
        maxValues={LIMITS.vehicleFeaturesMax}
        {...form.getInputProps('vehicleFeatureTypes')}
      />
      <MultiSelect
        label="Fleets"
        placeholder={fleets.isPending ? 'Loading fleets…' : 'Not in a fleet'}
        data={(fleets.data ?? []).map((f) => ({ value: f.uuid, label: f.name }))}
        searchable
        clearable
        nothingFoundMessage="No fleets yet: create one on the Fleet Management dashboard"
        {...form.getInputProps('fleetUuids')}
      />
    </>
  );
}
