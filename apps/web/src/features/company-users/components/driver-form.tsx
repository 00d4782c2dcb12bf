import { CreateDriverBodySchema, LIMITS } from '@courier/contract';
import { Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from 'react-router';
import { applyServerErrors, revealFormErrors } from '../../../lib/form-errors';
import { validateWith } from '../../../lib/zod-form';
import { useCreateDriver } from '../api/create-driver';

interface DriverValues {
  email: string;
  firstname: string;
  lastname: string;
  phoneNumber: string;
  licenceNumber: string;
  insuranceNumber: string;
}

const orUndefined = (value: string) => (value.trim() === '' ? undefined : value);
const bodyOf = (v: DriverValues) => ({
  email: v.email,
  firstname: v.firstname,
  lastname: v.lastname,
  phoneNumber: orUndefined(v.phoneNumber),
  licenceNumber: orUndefined(v.licenceNumber),
  insuranceNumber: orUndefined(v.insuranceNumber),
});

/**
 * A new driver: their account (e-mail, names, phone) and licence and insurance numbers. A new account is e-mailed an
 * invitation to choose its own password (decision 032): no one types a password for someone else.
 */
export function DriverForm({ slug, initialEmail }: { slug: string; initialEmail: string }) {
  const navigate = useNavigate();
  const create = useCreateDriver(slug);
  const form = useForm<DriverValues>({
    initialValues: {
      email: initialEmail,
      firstname: '',
      lastname: '',
      phoneNumber: '',
      licenceNumber: '',
      insuranceNumber: '',
    },
    validate: validateWith(CreateDriverBodySchema, bodyOf),
    validateInputOnBlur: true,
  });
  const submit = form.onSubmit((values) =>
    create.mutate(CreateDriverBodySchema.parse(bodyOf(values)), {
      onSuccess: () => void navigate('/DriversManage'),
      onError: (error) => applyServerErrors(form, error),
    }), revealFormErrors,
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg" maw={760}>
        <Card withBorder radius="lg" padding="lg" component="section" aria-label="Account">
          <Title order={2} fz="lg">
            Account
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            We e-mail the driver an invitation to choose their own password; they sign in with this e-mail. If
            the e-mail already has an account, it is added as it is and keeps its own password.
          </Text>
          <Stack gap="md">
            <TextInput
              label="E-mail"
              type="email"
              required
              autoComplete="off"
              maxLength={LIMITS.emailMax}
              {...form.getInputProps('email')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="First name"
                required
                maxLength={LIMITS.nameMax}
                {...form.getInputProps('firstname')}
              />
              <TextInput
                label="Last name"
                required
                maxLength={LIMITS.nameMax}
                {...form.getInputProps('lastname')}
              />
              <TextInput
                label="Phone number"
                type="tel"
                autoComplete="off"
                maxLength={LIMITS.phoneNumberMax}
                {...form.getInputProps('phoneNumber')}
              />
            </SimpleGrid>
          </Stack>
        </Card>
        <Card withBorder radius="lg" padding="lg" component="section" aria-label="Licence and insurance">
          <Title order={2} fz="lg">
            Licence and insurance
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            Expiry dates and documents can be added from Manage Drivers.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Licence number" maxLength={50} {...form.getInputProps('licenceNumber')} />
            <TextInput label="Insurance number" maxLength={50} {...form.getInputProps('insuranceNumber')} />
          </SimpleGrid>
        </Card>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void navigate('/DriversManage')}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Add driver
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
