import { LIMITS } from '@courier/contract';
import {
  Button,
  Card,
  Checkbox,
  Divider,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconSend } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { AdminGate } from '../../../components/access/admin-gate';
import { useScopedCompanySlug } from '../../../components/access/company-scope';
import { DateTimeInput } from '../../../components/date-time-input/date-time-input';
import { PageHeader } from '../../../components/layout/page-header';
import { fieldErrorsOf } from '../../../lib/errors';
import { useCreateDelivery } from '../api/create-delivery';
import {
  easyDeliveryBody,
  easyErrorsOf,
  emptyEasyDelivery,
  validateEasyDelivery,
  type EasyDeliveryValues,
} from '../components/easy-form-values';
import { PlaceFields } from '../components/place-fields';
import { useCompanyCountry } from '../../../lib/session/company-country';
import { revealFormErrors } from '../../../lib/form-errors';

function EasyDeliveryForm() {
  const slug = useScopedCompanySlug();
  const navigate = useNavigate();
  const create = useCreateDelivery(slug);
  const country = useCompanyCountry();
  const form = useForm<EasyDeliveryValues>({
    mode: 'uncontrolled',
    initialValues: emptyEasyDelivery(country),
    validate: validateEasyDelivery,
  });

  const submit = form.onSubmit((values) => {
    create.mutate(easyDeliveryBody(values), {
      onSuccess: (delivery) => void navigate(`/DeliveryDetail/${delivery.uuid}`),
      onError: (error) => {
        const errors = easyErrorsOf(fieldErrorsOf(error));
        if (Object.keys(errors).length > 0) {
          form.setErrors(errors);
          revealFormErrors(errors);
        }
      },
    });
  }, revealFormErrors);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="md">
            <Text size="xs" tt="uppercase" fw={800} c="dimmed">
              From and to
            </Text>
            <PlaceFields slug={slug} form={form} place="pickup" label="Pickup" />
            <Divider />
            <PlaceFields slug={slug} form={form} place="dropoff" label="Dropoff" />
          </Stack>
        </Card>
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="sm">
            <Text size="xs" tt="uppercase" fw={800} c="dimmed">
              What
            </Text>
            <TextInput
              label="Parcel"
              placeholder="e.g. Box of books (optional)"
              key={form.key('parcelName')}
              {...form.getInputProps('parcelName')}
            />
            <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
              <NumberInput
                label="Quantity"
                min={1}
                max={LIMITS.parcelQuantityMax}
                key={form.key('quantity')}
                {...form.getInputProps('quantity')}
              />
              <NumberInput
                label="Weight (kg)"
                min={0}
                max={LIMITS.parcelWeightKgMax}
                decimalScale={2}
                key={form.key('weightKg')}
                {...form.getInputProps('weightKg')}
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
            <Text size="xs" tt="uppercase" fw={800} c="dimmed">
              When
            </Text>
            <Text size="sm" c="dimmed">
              An optional dropoff window.
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
              <DateTimeInput
                label="Dropoff from"
                key={form.key('windowStart')}
                {...form.getInputProps('windowStart')}
              />
              <DateTimeInput
                label="Dropoff until"
                key={form.key('windowEnd')}
                {...form.getInputProps('windowEnd')}
              />
            </SimpleGrid>
            <TextInput
              label="Name"
              placeholder="Leave empty to name it after the places"
              key={form.key('name')}
              {...form.getInputProps('name')}
            />
          </Stack>
        </Card>
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending} leftSection={<IconSend size={16} />}>
            Create delivery
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /DeliveryAddEasy: from, to, what and when; a delivery in under 30 seconds. */
export default function DeliveryAddEasyPage() {
  return (
    <>
      <PageHeader title="Add Delivery" description="From, to, what and when." />
      <AdminGate what="add deliveries">
        <EasyDeliveryForm />
      </AdminGate>
    </>
  );
}
