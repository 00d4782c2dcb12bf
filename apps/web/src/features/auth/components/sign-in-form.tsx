import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { isApiError } from '../../../lib/errors';
import { applyServerErrors, revealFormErrors } from '../../../lib/form-errors';
import { loadSignInSubmit, useLogin } from '../api/use-login';

/**
 * E-mail and password, checked with the contract's LoginBodySchema; server field errors land on the fields. The
 * schema (and zod with it) loads when the form is first focused, or at the latest when it is sent (decision 045).
 */
export function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const login = useLogin();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const { LoginBodySchema } = await loadSignInSubmit();
    const values = form.getValues();
    const errors = schemaResolver(LoginBodySchema, { sync: true })(values);
    form.setErrors(errors);
    revealFormErrors(errors);
    const parsed = LoginBodySchema.safeParse(values);
    if (!parsed.success) return;
    login.mutate(parsed.data, {
      onSuccess: onSignedIn,
      onError: (error) => {
        const onFields = applyServerErrors(form, error);
        if (isApiError(error, 429) || !onFields) setFormError(error.message);
      },
    });
  };

  return (
    <form onSubmit={(event) => void submit(event)} onFocus={() => void loadSignInSubmit()} noValidate>
      <Stack gap="md">
        {formError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {formError}
          </Alert>
        ) : null}
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="username"
          placeholder="you@company.com"
          required
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          placeholder="Your password"
          required
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Button type="submit" fullWidth loading={login.isPending} mt="xs">
          Sign In
        </Button>
      </Stack>
    </form>
  );
}
