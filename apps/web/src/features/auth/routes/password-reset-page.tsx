import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AuthCard } from '../components/auth-card';
import { NewPasswordForm } from '../components/new-password-form';
import { RequestResetForm } from '../components/request-reset-form';

/**
 * /auth/boxed-password-reset (decision 027). Without a token: ask for a link by e-mail. With the link's `?token=`:
 * set a new password; afterwards every session of the account has ended and the user signs in again.
 */
export default function PasswordResetPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const [done, setDone] = useState<string | null>(null);
  const backToSignIn = (
    <Anchor component={Link} to="/login" size="sm" ta="center">
      Back to sign in
    </Anchor>
  );
  if (done) {
    return (
      <AuthCard title="Password changed">
        <Stack gap="md">
          <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} role="status">
            {done}
          </Alert>
          <Button component={Link} to="/login" fullWidth>
            Sign in
          </Button>
        </Stack>
      </AuthCard>
    );
  }
  if (token) {
    return (
      <AuthCard title="Set a new password" subtitle="Choose the password you will sign in with from now on.">
        <Stack gap="md">
          <NewPasswordForm token={token} onDone={setDone} />
          {backToSignIn}
        </Stack>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Password Reset"
      subtitle="Enter the e-mail address you sign in with and we will send you a link to set a new password."
    >
      <Stack gap="md">
        <RequestResetForm />
        {backToSignIn}
      </Stack>
    </AuthCard>
  );
}
