import { EMAIL_VERIFICATION_BAD_TOKEN_MESSAGE } from '@courier/contract';
import { Alert, Button, Loader, Center, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { fieldErrorsOf, isApiError } from '../../../lib/errors';
import { usePersisted } from '../../../lib/persist-store';
import { useResendEmailVerification } from '../../../lib/session/resend-email-verification';
import { AuthCard } from '../components/auth-card';
import { useVerifyEmail } from '../api/verify-email';

/**
 * /auth/verify-email?token= (decision 029), the link of the verification mail. It verifies once, on opening; a dead
 * link says so and, signed in, sends a new one (signed out, the user signs in first: the new link goes to the
 * account's current address).
 */
export default function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const verify = useVerifyEmail();
  const signedIn = usePersisted((state) => state.isLoggedIn);
  const started = useRef(false);
  useEffect(() => {
    // Once per screen: StrictMode runs effects twice and the second attempt would find the link used.
    if (started.current) return;
    started.current = true;
    if (token) verify.mutate({ token });
  }, [token, verify]);

  if (token && (verify.isIdle || verify.isPending)) {
    return (
      <AuthCard title="Verifying your e-mail">
        <Center py="md">
          <Loader aria-label="Verifying" />
        </Center>
      </AuthCard>
    );
  }
  if (verify.isSuccess) {
    return (
      <AuthCard title="E-mail verified">
        <Stack gap="md">
          <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} role="status">
            {verify.data.message}
          </Alert>
          <Button component={Link} to={signedIn ? '/CompanyDashboard' : '/login'} fullWidth>
            {signedIn ? 'Go to the dashboard' : 'Sign in'}
          </Button>
        </Stack>
      </AuthCard>
    );
  }
  const reason =
    fieldErrorsOf(verify.error).token ??
    (verify.error ? verify.error.message : EMAIL_VERIFICATION_BAD_TOKEN_MESSAGE);
  // Opened without a link (typed, or from the menu of a browser): what the page is for, and a new link.
  if (!token) {
    return (
      <AuthCard title="Verify your e-mail">
        <Stack gap="md">
          <Text size="sm">
            Open the link in the e-mail we sent you when your account was created: it verifies your address
            here.
          </Text>
          <NewLink signedIn={signedIn} />
        </Stack>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="This link no longer works">
      <Stack gap="md">
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {reason}
        </Alert>
        <NewLink signedIn={signedIn} />
      </Stack>
    </AuthCard>
  );
}

/** "Send me a new link" when signed in (to the account's current address), else the way to sign in first. */
function NewLink({ signedIn }: { signedIn: boolean }) {
  const resend = useResendEmailVerification();
  return (
    <>
      {resend.isSuccess ? (
        <Alert color="teal" variant="light" role="status">
          {resend.data.message}
        </Alert>
      ) : resend.isError ? (
        <Alert color="red" variant="light" role="alert">
          {isApiError(resend.error, 401) ? 'Sign in first, then ask for a new link.' : resend.error.message}
        </Alert>
      ) : null}
      {signedIn ? (
        <Button
          onClick={() => resend.mutate()}
          loading={resend.isPending}
          disabled={resend.isSuccess}
          fullWidth
        >
          Send me a new link
        </Button>
      ) : (
        <>
          <Text size="sm">Sign in and ask for a new link from your dashboard.</Text>
          <Button component={Link} to="/login" fullWidth>
            Sign in
          </Button>
        </>
      )}
    </>
  );
}
