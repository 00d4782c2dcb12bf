import { CreateDeliveryBodySchema, STEP_KINDS } from '@courier/contract';
import {
  ActionIcon,
  Button,
  Card,
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconSend, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { AdminGate } from '../../../components/access/admin-gate';
import { useScopedCompanySlug } from '../../../components/access/company-scope';
import { DateTimeInput } from '../../../components/date-time-input/date-time-input';
import { PageHeader } from '../../../components/layout/page-header';
import { applyServerErrors, ERROR_FOR_ATTRIBUTE, revealFormErrors } from '../../../lib/form-errors';
import { useLookup } from '../../../lib/lookups/get-lookup';
import { useCreateDelivery } from '../api/create-delivery';
import { useDeliveryPeople } from '../api/list-people';
import { useDeliveryVehicles } from '../api/list-vehicles';
import { driverOptions, vehicleOptions } from '../components/assignment-options';
import { DirectoryAddressSelect } from '../components/edits/directory-address-select';
import {
  emptyFullDelivery,
  fullDeliveryBody,
  fullFieldOf,
  newParcel,
  newStep,
  newWindow,
  type FullDeliveryValues,
} from '../components/full-form-values';
import { TypedAddressFields } from '../components/typed-address-fields';
import { useCompanyCountry } from '../../../lib/session/company-country';

function Block({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder radius="lg" padding="lg">
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Title order={2} fz="md">
          {title}
        </Title>
        {action}
      </Group>
      <Stack gap="md">{children}</Stack>
    </Card>
  );
}

function validate(values: FullDeliveryValues): Record<string, string> {
  const parsed = CreateDeliveryBodySchema.safeParse(fullDeliveryBody(values));
  const errors: Record<string, string> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      errors[fullFieldOf(issue.path.join('.'), values)] ??= issue.message;
  }
  return errors;
}

function FullDeliveryForm() {
  const slug = useScopedCompanySlug();
  const navigate = useNavigate();
  const create = useCreateDelivery(slug);
  const vehicles = useDeliveryVehicles(slug);
  const people = useDeliveryPeople(slug);
  const windowTypes = useLookup('deliveryScheduleWindowTypes');
  const vehicleStatuses = useLookup('vehicleStatuses');
  const driverStatuses = useLookup('driverStatuses');
  const taskTypes = useLookup('deliveryStepTaskTypes');
  // The step's own pickup or dropoff is its kind; every other task type the lookup offers can be added to it.
  const extraTaskOptions = taskTypes.options.filter(
    (o) => !(STEP_KINDS as readonly string[]).includes(o.value),
  );
  const country = useCompanyCountry();
  const form = useForm<FullDeliveryValues>({ initialValues: emptyFullDelivery(country), validate });
  const values = form.getValues();

  const submit = form.onSubmit((v) => {
    create.mutate(fullDeliveryBody(v), {
      onSuccess: (delivery) => void navigate(`/DeliveryDetail/${delivery.uuid}`),
      onError: (error) => applyServerErrors(form, error, (path) => fullFieldOf(path, v)),
    });
  }, revealFormErrors);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Block title="Delivery">
          <TextInput label="Name" withAsterisk {...form.getInputProps('name')} />
          <Textarea label="Description" {...form.getInputProps('description')} />
        </Block>

        <Block
          title="Steps"
          action={
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} />}
              disabled={values.steps.length >= 25}
              onClick={() => form.insertListItem('steps', newStep('dropoff', country))}
            >
              Add a step
            </Button>
          }
        >
          {form.errors.steps ? (
            <Text c="red" size="sm" {...{ [ERROR_FOR_ATTRIBUTE]: 'steps' }}>
              {form.errors.steps}
            </Text>
          ) : null}
          {values.steps.map((step, i) => (
            <Paper key={step.key} withBorder radius="md" p="sm">
              <Stack gap="xs">
                <Group justify="space-between" wrap="nowrap">
                  <Select
                    aria-label={`Step ${i + 1} kind`}
                    data={STEP_KINDS.map((kind) => ({
                      value: kind,
                      label: `Step ${i + 1}: ${taskTypes.labelOf(kind).toLowerCase()}`,
                    }))}
                    allowDeselect={false}
                    w={200}
                    {...form.getInputProps(`steps.${i}.kind`)}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove step ${i + 1}`}
                    disabled={values.steps.length <= 2}
                    onClick={() => form.removeListItem('steps', i)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
                <SegmentedControl
                  size="xs"
                  aria-label={`Step ${i + 1}: how to give the address`}
                  data={[
                    { value: 'typed', label: 'Type it in' },
                    { value: 'directory', label: 'From directory' },
                  ]}
                  value={step.mode}
                  onChange={(mode) => {
                    form.setFieldValue(`steps.${i}.mode`, mode);
                    form.clearFieldError(`steps.${i}.addressUuid`);
                  }}
                  style={{ alignSelf: 'flex-start' }}
                />
                {step.mode === 'directory' ? (
                  <DirectoryAddressSelect
                    slug={slug}
                    label={`Step ${i + 1} address`}
                    value={step.addressUuid}
                    error={
                      (form.errors[`steps.${i}.addressUuid`] ?? form.errors[`steps.${i}.address`]) as
                        string | undefined
                    }
                    onChange={(uuid) => {
                      form.setFieldValue(`steps.${i}.addressUuid`, uuid);
                      form.clearFieldError(`steps.${i}.addressUuid`);
                    }}
                  />
                ) : (
                  <TypedAddressFields
                    form={form}
                    prefix={`steps.${i}`}
                    searchLabel={`Step ${i + 1}: search for an address`}
                    values={step}
                    cols={{ base: 1, xs: 2, md: 4 }}
                  />
                )}
                <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xs">
                  <MultiSelect
                    label="Also at this step"
                    placeholder={step.extraTaskTypes.length ? undefined : 'No other task'}
                    data={extraTaskOptions}
                    maxValues={5}
                    clearable
                    {...form.getInputProps(`steps.${i}.extraTaskTypes`)}
                  />
                  <TextInput
                    label="Contact first name"
                    {...form.getInputProps(`steps.${i}.contactFirstname`)}
                  />
                  <TextInput
                    label="Contact last name"
                    {...form.getInputProps(`steps.${i}.contactLastname`)}
                  />
                  <TextInput label="Contact phone" {...form.getInputProps(`steps.${i}.contactPhone`)} />
                </SimpleGrid>
              </Stack>
            </Paper>
          ))}
        </Block>

        <Block
          title="Parcels"
          action={
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} />}
              onClick={() => form.insertListItem('parcels', newParcel())}
            >
              Add a parcel
            </Button>
          }
        >
          {values.parcels.length === 0 ? <Text c="dimmed">No parcel.</Text> : null}
          {values.parcels.map((parcel, i) => (
            <Group key={parcel.key} align="flex-end" gap="xs" wrap="wrap">
              <TextInput
                label="Parcel"
                style={{ flex: '1 1 180px' }}
                {...form.getInputProps(`parcels.${i}.name`)}
              />
              <NumberInput
                label="Quantity"
                min={1}
                w={100}
                {...form.getInputProps(`parcels.${i}.quantity`)}
              />
              <NumberInput
                label="Weight (kg)"
                min={0}
                decimalScale={2}
                w={110}
                {...form.getInputProps(`parcels.${i}.weightKg`)}
              />
              <Checkbox
                label="Fragile"
                mb={8}
                {...form.getInputProps(`parcels.${i}.isFragile`, { type: 'checkbox' })}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                mb={4}
                aria-label={`Remove parcel ${i + 1}`}
                onClick={() => form.removeListItem('parcels', i)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
        </Block>

        <Block
          title="Windows"
          action={
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} />}
              disabled={values.windows.length >= 5}
              onClick={() => form.insertListItem('windows', newWindow())}
            >
              Add a window
            </Button>
          }
        >
          {values.windows.length === 0 ? <Text c="dimmed">No time window.</Text> : null}
          {values.windows.map((w, i) => (
            <Group key={w.key} align="flex-end" gap="xs" wrap="wrap">
              <Select
                label="Type"
                w={150}
                allowDeselect={false}
                data={
                  windowTypes.options.length
                    ? windowTypes.options
                    : [
                        { value: 'pickup', label: 'Pickup' },
                        { value: 'dropoff', label: 'Dropoff' },
                      ]
                }
                {...form.getInputProps(`windows.${i}.type`)}
              />
              <DateTimeInput label="From" {...form.getInputProps(`windows.${i}.startAt`)} />
              <DateTimeInput label="Until" {...form.getInputProps(`windows.${i}.endAt`)} />
              <ActionIcon
                variant="subtle"
                color="red"
                mb={4}
                aria-label={`Remove window ${i + 1}`}
                onClick={() => form.removeListItem('windows', i)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
        </Block>

        <Block title="Vehicle and drivers">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            <Select
              label="Vehicle"
              placeholder={vehicles.isPending ? 'Loading vehicles…' : 'No vehicle yet'}
              searchable
              clearable
              data={vehicleOptions(vehicles.data ?? [], vehicleStatuses.labelOf, form.values.vehicleUuid)}
              {...form.getInputProps('vehicleUuid')}
            />
            <MultiSelect
              label="Drivers"
              placeholder={people.isPending ? 'Loading drivers…' : 'No driver yet'}
              searchable
              maxValues={5}
              data={driverOptions(
                people.data,
                Object.values(people.data?.drivers ?? {}),
                driverStatuses.labelOf,
                form.values.driverUserUuids,
              )}
              {...form.getInputProps('driverUserUuids')}
            />
          </SimpleGrid>
        </Block>

        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending} leftSection={<IconSend size={16} />}>
            Create delivery
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /DeliveryAdd: several steps with contacts, parcels, time windows, and the vehicle and drivers at once. */
export default function DeliveryAddPage() {
  return (
    <>
      <PageHeader
        title="Add Delivery with Vehicle and Driver"
        description="Every step, parcel and window at once."
      />
      <AdminGate what="add deliveries">
        <FullDeliveryForm />
      </AdminGate>
    </>
  );
}
