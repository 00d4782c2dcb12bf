import { displayName } from '@courier/contract';
import { Alert, Avatar, Button, Center, Loader, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { IconLock } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../lib/errors';
import { applyServerErrors, revealFormErrors } from '../../../lib/form-errors';
import { fetchHomeRoute } from '../../../lib/session/fetch-home-route';
import { useLeaveLockedSession, useLockSession, useLockState, useUnlockSession } from '../api/lock';
import { AuthCard } from '../components/auth-card';

/** Only a path of this app, never an address elsewhere, is followed after unlocking. */
const safeFrom = (from: string | null) =>
  from && from.startsWith('/') && !from.startsWith('//') ? from : null;

/**
 * /auth/boxed-lockscreen (decision 030): arriving here locks the session on the server (every signed-in call answers
 * 423 until the password is given), and the password unlocks it and goes back to where the user was.
 */
export default function LockScreenPage() {
  const state = useLockState();
  const lock = useLockSession();
  const unlock = useUnlockSession();
  const leave = useLeaveLockedSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const from = safeFrom(params.get('from'));
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '' },
    validate: { password: (value) => (value ? null : 'Enter your password.') },
  });
  // Opened from the menu: lock once, as soon as the page knows a session is here and not locked yet. Sent here by a
  // 423 (`from`) while the session is in fact unlocked (an answer that was on its way when it was unlocked): go back.
  const asked = useRef(false);
  const unlocked = state.data !== undefined && !state.data.locked;
  useEffect(() => {
    if (!unlocked || asked.current || unlock.isPending || unlock.isSuccess) return;
    asked.current = true;
    if (from) void navigate(from, { replace: true });
    else lock.mutate();
  }, [unlocked, lock, unlock.isPending, unlock.isSuccess, from, navigate]);

  if (state.isPending) {
    return (
      <Center mih="80vh">
        <Loader aria-label="Loading" />
      </Center>
    );
  }

  if (!state.data) {
    // No session at all (signed out, then Back; a bookmark): nothing to unlock, so the sign-in screen, in this
    // history entry's place so that Back does not come here again (issue 33).
    if (isApiError(state.error, 401))
      return <Navigate to={from ? `/login?redirectTo=${encodeURIComponent(from)}` : '/login'} replace />;
    return (
      <AuthCard title="Unlock" subtitle="The session could not be checked.">
        <Stack gap="sm">
          <Alert color="red" variant="light" role="alert">
            {state.error?.message ?? 'No answer from the server.'}
          </Alert>
          <Button onClick={() => void state.refetch()} fullWidth>
            Try again
          </Button>
          <Button component={Link} to="/login" variant="subtle" fullWidth>
            Sign In
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  const { user } = state.data;
  const name = displayName(user);
  const submit = form.onSubmit(({ password }) => {
    unlock.mutate(
      { password },
      {
        onSuccess: () => {
          if (from) void navigate(from, { replace: true });
          else void fetchHomeRoute(queryClient).then((home) => navigate(home, { replace: true }));
        },
        onError: (error) => {
          if (!applyServerErrors(form, error)) form.setFieldError('password', error.message);
        },
      },
    );
  }, revealFormErrors);

  return (
    <AuthCard title="Unlock" subtitle="Enter your password to carry on where you left off.">
      <Stack align="center" gap={6} mb="lg">
        <Avatar src={user.imgThumbUrl} name={name} color="initials" size={72} radius="xl" alt="" />
        <Text fw={700} size="lg">
          {name}
        </Text>
        <Text c="dimmed" size="sm">
          {user.email}
        </Text>
      </Stack>
      {lock.isError ? (
        <Alert color="orange" variant="light" mb="md" role="alert">
          This session could not be locked on the server: {lock.error.message}
        </Alert>
      ) : (
        <Text size="xs" c="dimmed" ta="center" mb="md" data-testid="lock-status">
          <IconLock size={12} style={{ verticalAlign: 'middle' }} />{' '}
          {state.data.locked ? 'Locked: nothing of your account answers until you unlock.' : 'Locking…'}
        </Text>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            data-autofocus
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Button type="submit" fullWidth loading={unlock.isPending}>
            Unlock
          </Button>
          <Button variant="subtle" size="xs" loading={leave.isPending} onClick={() => leave.mutate()}>
            Sign in as someone else
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
