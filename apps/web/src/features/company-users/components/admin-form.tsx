import { AddAdminBodySchema, LIMITS } from '@courier/contract';
import { Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { applyServerErrors, revealFormErrors } from '../../../lib/form-errors';
import { validateWith } from '../../../lib/zod-form';
import { useAddAdmin } from '../api/add-admin';

interface AdminValues {
  email: string;
  firstname: string;
  lastname: string;
}
const EMPTY: AdminValues = { email: '', firstname: '', lastname: '' };
const orUndefined = (value: string) => (value.trim() === '' ? undefined : value);
const bodyOf = (v: AdminValues) => ({
  email: v.email,
  firstname: orUndefined(v.firstname),
  lastname: orUndefined(v.lastname),
});

/**
 * Makes a person an admin: an existing account by e-mail, or a new one with names, e-mailed an invitation to choose
 * its own password (decision 032).
 */
export function AdminForm({ slug }: { slug: string }) {
  const add = useAddAdmin(slug);
  const form = useForm<AdminValues>({
    initialValues: EMPTY,
    validate: validateWith(AddAdminBodySchema, bodyOf),
  });
  const submit = form.onSubmit((values) =>
    add.mutate(AddAdminBodySchema.parse(bodyOf(values)), {
      onSuccess: () => form.reset(),
      onError: (error) => applyServerErrors(form, error),
    }), revealFormErrors,
  );
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label="New admin">
      <form onSubmit={submit} noValidate>
        <Title order={2} fz="lg">
          New admin
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          Admins manage deliveries, the fleet, drivers and directories. For someone without an account yet,
          also give their name: we e-mail them an invitation to choose their own password.
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
              description="New account only"
              maxLength={LIMITS.nameMax}
              {...form.getInputProps('firstname')}
            />
            <TextInput
              label="Last name"
              description="New account only"
              maxLength={LIMITS.nameMax}
              {...form.getInputProps('lastname')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={add.isPending}>
              Add admin
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
