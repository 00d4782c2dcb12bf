import { UpdatePasswordBodySchema } from '@courier/contract';
import { PasswordInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { applyServerErrors, revealFormErrors } from '../../../lib/form-errors';
import { useUpdatePassword } from '../api/update-password';
import { SectionForm } from './section-form';

export function PasswordForm() {
  const update = useUpdatePassword();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { currentPassword: '', password: '', passwordConfirmation: '' },
    validate: schemaResolver(UpdatePasswordBodySchema, { sync: true }),
  });
  const submit = form.onSubmit((values) => {
    update.mutate(values, {
      onSuccess: () => form.reset(),
      onError: (error) => applyServerErrors(form, error),
    });
  }, revealFormErrors);
  return (
    <SectionForm
      title="Password"
      description="Enter your current password, then the new one twice."
      onSubmit={submit}
      saving={update.isPending}
      submitLabel="Change password"
    >
      <PasswordInput
        label="Current password"
        autoComplete="current-password"
        required
        key={form.key('currentPassword')}
        {...form.getInputProps('currentPassword')}
      />
      <PasswordInput
        label="New password"
        autoComplete="new-password"
        required
        key={form.key('password')}
        {...form.getInputProps('password')}
      />
      <PasswordInput
        label="Confirm new password"
        autoComplete="new-password"
        required
        key={form.key('passwordConfirmation')}
        {...form.getInputProps('passwordConfirmation')}
      />
    </SectionForm>
  );
}
