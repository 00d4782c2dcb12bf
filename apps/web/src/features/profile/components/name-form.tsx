import { UpdateNameBodySchema, type User } from '@courier/contract';
import { SimpleGrid, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { applyServerErrors, revealFormErrors } from '../../../lib/form-errors';
import { useUpdateName } from '../api/update-name';
import { SectionForm } from './section-form';

export function NameForm({ user }: { user: User }) {
  const update = useUpdateName();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { firstname: user.firstname, lastname: user.lastname },
    validate: schemaResolver(UpdateNameBodySchema, { sync: true }),
  });
  const submit = form.onSubmit((values) => {
    update.mutate(UpdateNameBodySchema.parse(values), {
      onSuccess: (saved) => form.setInitialValues({ firstname: saved.firstname, lastname: saved.lastname }),
      onError: (error) => applyServerErrors(form, error),
    });
  }, revealFormErrors);
  return (
    <SectionForm
      title="Name"
      description="How your name shows to your team and on deliveries."
      onSubmit={submit}
      saving={update.isPending}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="First name"
          autoComplete="given-name"
          required
          key={form.key('firstname')}
          {...form.getInputProps('firstname')}
        />
        <TextInput
          label="Last name"
          autoComplete="family-name"
          required
          key={form.key('lastname')}
          {...form.getInputProps('lastname')}
        />
      </SimpleGrid>
    </SectionForm>
  );
}
