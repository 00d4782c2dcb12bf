import { AddExistingDriverBodySchema, LIMITS } from '@courier/contract';
import { Alert, Anchor, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconUserQuestion } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../../lib/errors';
import { applyServerErrors, revealFormErrors } from '../../../lib/form-errors';
import { notifyError } from '../../../lib/notifications';
import { validateWith } from '../../../lib/zod-form';
import { useAddExistingDriver } from '../api/add-existing-driver';

/** Adds someone who already has an account as a driver; an unknown e-mail leads to the new-driver form. */
export function ExistingDriverForm({ slug }: { slug: string }) {
  const navigate = useNavigate();
  const add = useAddExistingDriver(slug);
  const [unknownEmail, setUnknownEmail] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '' },
    validate: validateWith(AddExistingDriverBodySchema, (v: { email: string }) => v),
  });
  const submit = form.onSubmit(({ email }) => {
    setUnknownEmail(null);
    add.mutate(AddExistingDriverBodySchema.parse({ email }).email, {
      onSuccess: () => void navigate('/DriversManage'),
      onError: (error) => {
        if (isApiError(error, 404)) setUnknownEmail(email.trim().toLowerCase());
        else if (!applyServerErrors(form, error)) {
          if (isApiError(error, 409)) form.setFieldError('email', error.message);
          else notifyError(error);
        }
      },
    });
  }, revealFormErrors);
  return (
    <Card withBorder radius="lg" padding="lg" maw={640} component="section" aria-label="Existing user">
      <form onSubmit={submit} noValidate>
        <Title order={2} fz="lg">
          Existing user
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          Someone who already signs in here (for another company, or as an admin of yours) becomes one of your
          drivers. Their password does not change.
        </Text>
        <Stack gap="md">
          <TextInput
            label="E-mail"
            type="email"
            required
            maxLength={LIMITS.emailMax}
            {...form.getInputProps('email')}
          />
          {unknownEmail ? (
            <Alert
              color="orange"
              variant="light"
              icon={<IconUserQuestion size={18} />}
              title="No account uses this e-mail"
            >
              <Text size="sm">
                Nobody has signed up as {unknownEmail}.{' '}
                <Anchor component={Link} to={`/DriverAdd?email=${encodeURIComponent(unknownEmail)}`}>
                  Create a new driver account instead
                </Anchor>
                .
              </Text>
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" loading={add.isPending}>
              Add as driver
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
