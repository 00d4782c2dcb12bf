import { LIMITS, PasswordResetBodySchema } from '@courier/contract';
import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { fieldErrorsOf } from '../../../lib/errors';
import { useResetPassword } from '../api/reset-password';
import { revealFormErrors } from '../../../lib/form-errors';

/**
 * The new password for a reset link's token, checked with the contract's schema (the same length rule as the
 * profile's password change). An expired or used link says so and offers a new one.
 */
export function NewPasswordForm({ token, onDone }: { token: string; onDone: (message: string) => void }) {
  const reset = useResetPassword();
  const [formError, setFormError] = useState<string | null>(null);
  const [linkDead, setLinkDead] = useState(false);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { token, password: '', passwordConfirmation: '' },
    validate: schemaResolver(PasswordResetBodySchema, { sync: true }),
  });
  const submit = form.onSubmit((values) => {
    setFormError(null);
    reset.mutate(PasswordResetBodySchema.parse(values), {
      onSuccess: (data) => onDone(data.message),
      onError: (error) => {
        const { token: tokenError, ...fields } = fieldErrorsOf(error);
        if (tokenError) {
          setLinkDead(true);
          setFormError(tokenError);
        } else if (Object.keys(fields).length > 0) {
          form.setErrors(fields);
          revealFormErrors(fields);
        }
        else setFormError(error.message);
      },
    });
  }, revealFormErrors);
  if (linkDead) {
    return (
      <Stack gap="md">
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} />}
          role="alert"
          title="This link no longer works"
        >
          {formError}
        </Alert>
        <Button component={Link} to="/auth/boxed-password-reset" fullWidth>
          Send me a new link
        </Button>
      </Stack>
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {formError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {formError}
          </Alert>
        ) : null}
        <PasswordInput
          label="New password"
          description={`At least ${LIMITS.passwordMin} characters`}
          autoComplete="new-password"
          required
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirm the new password"
          autoComplete="new-password"
          required
          key={form.key('passwordConfirmation')}
          {...form.getInputProps('passwordConfirmation')}
        />
        <Button type="submit" fullWidth loading={reset.isPending}>
          Set new password
        </Button>
      </Stack>
    </form>
  );
}
