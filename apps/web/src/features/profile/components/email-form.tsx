import { UpdateEmailBodySchema, type User } from '@courier/contract';
import { TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { isApiError } from '../../../lib/errors';
import { applyServerErrors } from '../../../lib/form-errors';
import { useUpdateEmail } from '../api/update-email';
import { SectionForm } from './section-form';

export function EmailForm({ user }: { user: User }) {
  const update = useUpdateEmail();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: user.email },
    validate: schemaResolver(UpdateEmailBodySchema, { sync: true }),
  });
  const submit = form.onSubmit((values) => {
    update.mutate(UpdateEmailBodySchema.parse(values), {
      onSuccess: (saved) => form.setInitialValues({ email: saved.email }),
      onError: (error) => {
        // 409: the address belongs to another account.
        if (!applyServerErrors(form, error) && isApiError(error, 409))
          form.setFieldError('email', error.message);
      },
    });
  });
  return (
    <SectionForm
      title="E-mail"
      description="The address you sign in with."
      onSubmit={submit}
      saving={update.isPending}
    >
      <TextInput
        label="E-mail"
        type="email"
        autoComplete="email"
        required
        key={form.key('email')}
        {...form.getInputProps('email')}
      />
    </SectionForm>
  );
}
