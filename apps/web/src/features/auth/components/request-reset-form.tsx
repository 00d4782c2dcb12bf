import { PasswordResetRequestBodySchema } from '@courier/contract';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { applyServerErrors, revealFormErrors } from '../../../lib/form-errors';
import { useRequestPasswordReset } from '../api/request-password-reset';

/** Asks for a reset link; the answer reads the same whether or not the address has an account. */
export function RequestResetForm() {
  const request = useRequestPasswordReset();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: schemaResolver(PasswordResetRequestBodySchema, { sync: true }),
  });
  const submit = form.onSubmit((values) => {
    setFormError(null);
    request.mutate(PasswordResetRequestBodySchema.parse(values), {
      onError: (error) => {
        if (!applyServerErrors(form, error)) setFormError(error.message);
      },
    });
  }, revealFormErrors);
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {request.data ? (
          <Alert
            color="teal"
            variant="light"
            icon={<IconMailCheck size={18} />}
            role="status"
            title="Check your e-mail"
          >
            {request.data.message}
          </Alert>
        ) : null}
        {formError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {formError}
          </Alert>
        ) : null}
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          required
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <Button type="submit" fullWidth loading={request.isPending}>
          {request.data ? 'Send another link' : 'Send reset link'}
        </Button>
      </Stack>
    </form>
  );
}
