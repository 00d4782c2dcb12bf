import { ParcelInputSchema } from '@courier/contract';
import {
  Button,
  Card,
  Checkbox,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPackage } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AdminGate } from '../../../components/access/admin-gate';
import { useScopedCompanySlug } from '../../../components/access/company-scope';
import { PageHeader } from '../../../components/layout/page-header';
import { applyServerErrors, revealFormErrors } from '../../../lib/form-errors';
import { useLookup } from '../../../lib/lookups/get-lookup';
import { validateWith } from '../../../lib/zod-form';
import { useCreateParcel } from '../api/create-parcel';
import { useDeliveryPart } from '../api/list-delivery-parts';
import { useDeliveryOptions } from '../api/list-delivery-options';
import { parcelBody, type ParcelFormValues } from '../components/parcel-form-values';

const EMPTY: ParcelFormValues = {
  name: '',
  description: '',
  quantity: 1,
  weightKg: '',
  volumeCm3: '',
  isFragile: false,
};

function TaskSelect({
  slug,
  deliveryUuid,
  value,
  onChange,
  error,
}: {
  slug: string;
  deliveryUuid: string;
  value: string | null;
  onChange: (value: string | null) => void;
  error: string | null;
}) {
  const tasks = useDeliveryPart(slug, deliveryUuid, 'tasks');
  const steps = useDeliveryPart(slug, deliveryUuid, 'steps');
  const taskTypes = useLookup('deliveryStepTaskTypes');
  const stepNo = (uuid: string) => steps.data?.find((s) => s.uuid === uuid)?.stepOrderNo ?? 0;
  const options = (tasks.data ?? []).map((t) => ({
    value: t.uuid,
    label: `Step ${stepNo(t.deliveryStepUuid)}: ${taskTypes.labelOf(t.deliveryStepTaskTypeSlug)}`,
  }));
  return (
    <Select
      label="Task"
      withAsterisk
      placeholder={tasks.isPending ? 'Loading tasks…' : 'Choose the task'}
      data={options}
      value={value}
      onChange={onChange}
      error={error ?? (tasks.error ? tasks.error.message : null)}
    />
  );
}

function ParcelForm() {
  const slug = useScopedCompanySlug();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const create = useCreateParcel(slug);
  const deliveries = useDeliveryOptions(slug);
  const [deliveryUuid, setDeliveryUuid] = useState<string | null>(params.get('deliveryUuid'));
  const [taskUuid, setTaskUuid] = useState<string | null>(null);
  const [taskError, setTaskError] = useState<string | null>(null);
  const form = useForm<ParcelFormValues>({
    mode: 'uncontrolled',
    initialValues: EMPTY,
    validate: validateWith(ParcelInputSchema, parcelBody),
  });

  const submit = form.onSubmit((values) => {
    if (deliveryUuid && !taskUuid) {
      setTaskError('Choose the task the parcel belongs to');
      return;
    }
    create.mutate(
      {
        parcel: parcelBody(values),
        ...(deliveryUuid && taskUuid ? { deliveryUuid, deliveryStepTaskUuid: taskUuid } : {}),
      },
      {
        onSuccess: () => {
          if (deliveryUuid) void navigate(`/DeliveryDetail/${deliveryUuid}`);
          else form.reset();
        },
        onError: (error) => applyServerErrors(form, error, (path) => path.replace(/^parcel\./, '')),
      },
    );
  }, revealFormErrors);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="sm">
            <TextInput label="Name" withAsterisk key={form.key('name')} {...form.getInputProps('name')} />
            <Textarea
              label="Description"
              key={form.key('description')}
              {...form.getInputProps('description')}
            />
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
              <NumberInput
                label="Quantity"
                min={1}
                key={form.key('quantity')}
                {...form.getInputProps('quantity')}
              />
              <NumberInput
                label="Weight (kg)"
                min={0}
                decimalScale={2}
                key={form.key('weightKg')}
                {...form.getInputProps('weightKg')}
              />
              <NumberInput
                label="Volume (cm³)"
                min={0}
                allowDecimal={false}
                key={form.key('volumeCm3')}
                {...form.getInputProps('volumeCm3')}
              />
              <Checkbox
                label="Fragile"
                mt={{ base: 0, sm: 30 }}
                key={form.key('isFragile')}
                {...form.getInputProps('isFragile', { type: 'checkbox' })}
              />
            </SimpleGrid>
          </Stack>
        </Card>
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              Optionally put the parcel on a task of a delivery; otherwise it waits unassigned.
            </Text>
            <Select
              label="Delivery"
              placeholder={deliveries.isPending ? 'Loading deliveries…' : 'No delivery'}
              searchable
              clearable
              data={deliveries.data ?? []}
              value={deliveryUuid}
              onChange={(value) => {
                setDeliveryUuid(value);
                setTaskUuid(null);
              }}
              error={deliveries.error ? deliveries.error.message : null}
            />
            {deliveryUuid ? (
              <TaskSelect
                slug={slug}
                deliveryUuid={deliveryUuid}
                value={taskUuid}
                onChange={(value) => {
                  setTaskUuid(value);
                  setTaskError(null);
                }}
                error={taskError}
              />
            ) : null}
          </Stack>
        </Card>
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending} leftSection={<IconPackage size={16} />}>
            Add parcel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /ParcelAdd (?deliveryUuid= preselects a delivery): a parcel, optionally onto a delivery's task. */
export default function ParcelAddPage() {
  return (
    <>
      <PageHeader title="Add Parcel" description="What is carried, and on which delivery." />
      <AdminGate what="add parcels">
        <ParcelForm />
      </AdminGate>
    </>
  );
}
