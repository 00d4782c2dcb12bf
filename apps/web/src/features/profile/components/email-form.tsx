import { UpdateEmailBodySchema, type User } from '@courier/contract';
import { Alert, Button, Group, PasswordInput, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconMailForward } from '@tabler/icons-react';
import { formatDateTime } from '../../../lib/delivery-format';
import { isApiError } from '../../../lib/errors';
import { applyServerErrors, revealFormErrors } from '../../../lib/form-errors';
import { useCancelEmailChange } from '../api/cancel-email-change';
import { useEmailChange } from '../api/get-email-change';
import { useUpdateEmail } from '../api/update-email';
import { SectionForm } from './section-form';

/**
 * The sign-in e-mail (decision 056): a change asks for the current password and waits for the new address to
 * confirm it; meanwhile the card says where the link went and can cancel it.
 */
export function EmailForm({ user }: { user: User }) {
  const update = useUpdateEmail();
  const change = useEmailChange();
  const cancel = useCancelEmailChange();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '', currentPassword: '' },
    validate: schemaResolver(UpdateEmailBodySchema, { sync: true }),
  });
  const submit = form.onSubmit((values) => {
    update.mutate(UpdateEmailBodySchema.parse(values), {
      onSuccess: () => form.reset(),
      onError: (error) => {
        // 409: the address belongs to another account.
        if (!applyServerErrors(form, error) && isApiError(error, 409))
          form.setFieldError('email', error.message);
      },
    });
  }, revealFormErrors);
  const pending = change.data?.pending;
  return (
    <SectionForm
      title="E-mail"
      description={`You sign in with ${user.email}. A new address is used once you open the link we e-mail to it.`}
      onSubmit={submit}
      saving={update.isPending}
      submitLabel="Change e-mail"
    >
      {pending ? (
        <Alert
          color="yellow"
          variant="light"
          role="status"
          icon={<IconMailForward size={18} />}
          title="Waiting for confirmation"
        >
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            Waiting for confirmation at <strong>{pending.email}</strong>: open the link we sent there by{' '}
            {formatDateTime(pending.expiresAt)}. Until then you sign in with {user.email}.
          </Text>
          <Group justify="flex-end" mt="xs">
            <Button variant="subtle" size="xs" loading={cancel.isPending} onClick={() => cancel.mutate()}>
              Cancel the change
            </Button>
          </Group>
        </Alert>
      ) : null}
      <TextInput
        label="New e-mail"
        type="email"
        autoComplete="email"
        required
        key={form.key('email')}
        {...form.getInputProps('email')}
      />
      <PasswordInput
        label="Current password"
        autoComplete="current-password"
        required
        key={form.key('currentPassword')}
        {...form.getInputProps('currentPassword')}
      />
    </SectionForm>
  );
}
