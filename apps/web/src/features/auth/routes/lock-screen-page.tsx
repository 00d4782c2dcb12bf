import { displayName } from '@courier/contract';
import { Avatar, Button, Center, Loader, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { fetchHomeRoute } from '../../../lib/session/fetch-home-route';
import { getMe, meQueryOptions } from '../../../lib/session/get-me';
import { useLogin } from '../api/login';
import { AuthCard } from '../components/auth-card';

/** /auth/boxed-lockscreen: the signed-in user's name and a password that signs them in again. */
export default function LockScreenPage() {
  // Asked silently: a visitor without a session gets the sign-in link here, not the session-expiry redirect.
  const { data: user, isPending } = useQuery({
    ...meQueryOptions(),
    queryFn: ({ signal }) => getMe(signal, { silent: true }),
    retry: false,
  });
  const login = useLogin({ keepUserOnError: true });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '' },
    validate: { password: (value) => (value ? null : 'Password is required') },
  });

  if (isPending) {
    return (
      <Center mih="80vh">
        <Loader aria-label="Loading" />
      </Center>
    );
  }

  if (!user) {
    return (
      <AuthCard title="Unlock" subtitle="There is no signed-in session to unlock.">
        <Button component={Link} to="/login" fullWidth>
          Sign In
        </Button>
      </AuthCard>
    );
  }

  const name = displayName(user);
  const submit = form.onSubmit(({ password }) => {
    login.mutate(
      { email: user.email, password },
      {
        onSuccess: () => void fetchHomeRoute(queryClient).then((home) => navigate(home, { replace: true })),
        // A wrong password comes back as a 422 on `email`; here only the password can be wrong.
        onError: (error) => form.setFieldError('password', error.message),
      },
    );
  });

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
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Button type="submit" fullWidth loading={login.isPending}>
            Unlock
          </Button>
          <Button component={Link} to="/login" variant="subtle" size="xs">
            Sign in as someone else
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
