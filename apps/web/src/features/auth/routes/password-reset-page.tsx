import { UpdateEmailBodySchema } from '@courier/contract';
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { AuthCard } from '../components/auth-card';

/**
 * /auth/boxed-password-reset. The server cannot send reset e-mails yet, so the form checks the address and then
 * says honestly what to do instead; nothing is sent.
 */
export default function PasswordResetPage() {
  const [submitted, setSubmitted] = useState(false);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: schemaResolver(UpdateEmailBodySchema, { sync: true }),
  });
  return (
    <AuthCard title="Password Reset" subtitle="Enter the e-mail address you sign in with.">
      <form onSubmit={form.onSubmit(() => setSubmitted(true))} noValidate>
        <Stack gap="md">
          {submitted ? (
            <Alert color="indigo" variant="light" icon={<IconInfoCircle size={18} />} role="status">
              Reset e-mails come with a later release, so none was sent. If you cannot sign in,{' '}
              <Anchor component={Link} to="/ContactUs" inherit>
                contact us
              </Anchor>{' '}
              and we will help.
            </Alert>
          ) : null}
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="email"
            required
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <Button type="submit" fullWidth>
            Reset Password
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            Back to sign in
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
