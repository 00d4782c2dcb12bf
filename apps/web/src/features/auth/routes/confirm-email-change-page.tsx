import { EMAIL_CHANGE_BAD_TOKEN_MESSAGE } from '@courier/contract';
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { fieldErrorsOf } from '../../../lib/errors';
import { usePersisted } from '../../../lib/persist-store';
import { useConfirmEmailChange } from '../api/confirm-email-change';
import { AuthCard } from '../components/auth-card';

const SETTINGS_PATH = '/AccountPages/UserAccountSettings';

/**
 * /auth/confirm-email-change?token= (decision 056), the link mailed to the new address: it makes the change once, on
 * opening (only the new address's owner gets it, and they asked for it). A dead link says so and where to ask again.
 */
export default function ConfirmEmailChangePage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const confirm = useConfirmEmailChange();
  const signedIn = usePersisted((state) => state.isLoggedIn);
  const started = useRef(false);
  useEffect(() => {
    // Once per screen: StrictMode runs effects twice and the second attempt would find the link used.
    if (started.current) return;
    started.current = true;
    if (token) confirm.mutate({ token });
  }, [token, confirm]);

  const next = signedIn ? (
    <Button component={Link} to={SETTINGS_PATH} fullWidth>
      Go to your account settings
    </Button>
  ) : (
    <Button component={Link} to="/login" fullWidth>
      Sign in
    </Button>
  );

  if (!token) {
    return (
      <AuthCard title="Confirm your new e-mail">
        <Stack gap="md">
          <Text size="sm">
            Open the link in the e-mail we sent to your new address: it makes the change here. To change your
            sign-in e-mail, go to your account settings.
          </Text>
          {next}
        </Stack>
      </AuthCard>
    );
  }
  if (confirm.isIdle || confirm.isPending) {
    return (
      <AuthCard title="Confirming your new e-mail">
        <Center py="md">
          <Loader aria-label="Confirming" />
        </Center>
      </AuthCard>
    );
  }
  if (confirm.isSuccess) {
    return (
      <AuthCard title="E-mail changed">
        <Stack gap="md">
          <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} role="status">
            {confirm.data.message}
          </Alert>
          {next}
        </Stack>
      </AuthCard>
    );
  }
  const reason =
    fieldErrorsOf(confirm.error).token ?? confirm.error?.message ?? EMAIL_CHANGE_BAD_TOKEN_MESSAGE;
  return (
    <AuthCard title="This link no longer works">
      <Stack gap="md">
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {reason}
        </Alert>
        <Text size="sm">
          Your sign-in e-mail has not changed. Ask for the change again from your account settings.
        </Text>
        {next}
      </Stack>
    </AuthCard>
  );
}
