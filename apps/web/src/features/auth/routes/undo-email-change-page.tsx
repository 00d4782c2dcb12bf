import { EMAIL_CHANGE_BAD_TOKEN_MESSAGE } from '@courier/contract';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { fieldErrorsOf } from '../../../lib/errors';
import { resetClientState } from '../../../lib/session/reset-client-state';
import { useRevertEmailChange } from '../api/revert-email-change';
import { AuthCard } from '../components/auth-card';

/**
 * /auth/undo-email-change?token= (decision 056), the link mailed to the old address: "this was not me". It acts on a
 * press, not on opening (a mail scanner that opens links must not sign anyone out): a change waiting is cancelled,
 * one made is undone, and every session of the account ends, this browser's too.
 */
export default function UndoEmailChangePage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const revert = useRevertEmailChange();
  // Kept here: the client's state is reset once it succeeds (this browser was signed out too).
  const [done, setDone] = useState<string | null>(null);

  if (done) {
    return (
      <AuthCard title="Change stopped">
        <Stack gap="md">
          <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} role="status">
            {done}
          </Alert>
          <Button component={Link} to="/auth/boxed-password-reset" fullWidth>
            Choose a new password
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            Sign in
          </Anchor>
        </Stack>
      </AuthCard>
    );
  }
  if (!token) {
    return (
      <AuthCard title="Undo an e-mail change">
        <Stack gap="md">
          <Text size="sm">
            When your sign-in e-mail is about to change, or has just changed, we e-mail your old address a
            link to stop it. Open that link to come back here.
          </Text>
          <Button component={Link} to="/login" fullWidth>
            Sign in
          </Button>
        </Stack>
      </AuthCard>
    );
  }
  const failed = revert.isError;
  const reason = fieldErrorsOf(revert.error).token ?? revert.error?.message ?? EMAIL_CHANGE_BAD_TOKEN_MESSAGE;
  return (
    <AuthCard
      title={failed ? 'This link no longer works' : 'Undo an e-mail change'}
      subtitle={failed ? undefined : 'Did you not ask to change your sign-in e-mail? Stop it here.'}
    >
      <Stack gap="md">
        {failed ? (
          <>
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {reason}
            </Alert>
            <Text size="sm">
              If someone else controls your account, choose a new password with the e-mail you sign in with,
              or contact us.
            </Text>
            <Button component={Link} to="/auth/boxed-password-reset" fullWidth>
              Choose a new password
            </Button>
          </>
        ) : (
          <>
            <Text size="sm">
              Your account keeps this address, or gets it back if the change was already made, and everyone
              signed in to it is signed out, you included. Then choose a new password: whoever asked for the
              change knew yours.
            </Text>
            <Button
              color="red"
              fullWidth
              loading={revert.isPending}
              onClick={() =>
                revert.mutate(
                  { token },
                  {
                    onSuccess: ({ message }) => {
                      setDone(message);
                      resetClientState();
                    },
                  },
                )
              }
            >
              Stop the change and sign everyone out
            </Button>
          </>
        )}
      </Stack>
    </AuthCard>
  );
}
