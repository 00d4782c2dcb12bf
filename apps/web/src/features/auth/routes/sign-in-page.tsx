import { Anchor, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { usePersisted } from '../../../lib/persist-store';
import { AuthCard } from '../components/auth-card';
import { SignInForm } from '../components/sign-in-form';
import { safeRedirect } from '../safe-redirect';

/**
 * /login and /auth/boxed-signin. After sign-in: the page the guard bounced from, else the user's home (decision
 * 018): a driver who is not an admin lands on /DriverDashboard, everyone else on /CompanyDashboard.
 */
export default function SignInPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const target = safeRedirect(searchParams.get('redirectTo'));
  // The roles call behind the home route carries its schemas (zod): loaded after the sign-in, not with the screen.
  const landing = () =>
    target
      ? Promise.resolve(target)
      : import('../../../lib/session/fetch-home-route').then(({ fetchHomeRoute }) =>
          fetchHomeRoute(queryClient),
        );
  // Already signed in (a bookmark, Back after signing in): home, once the server says the session holds.
  const signedIn = usePersisted((state) => state.isLoggedIn);
  useEffect(() => {
    if (!signedIn) return;
    let current = true;
    void import('../../../lib/session/check-session')
      .then(({ sessionCheckQueryOptions }) => queryClient.fetchQuery(sessionCheckQueryOptions()))
      .then(async (result) => {
        if (result === 'valid' && current) {
          const to = await landing();
          if (current) void navigate(to, { replace: true });
        }
      });
    return () => {
      current = false;
    };
    // On arrival only: a sign-in made on this page navigates by itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <AuthCard title="Sign In" subtitle="Enter your e-mail and password to sign in.">
      <SignInForm onSignedIn={() => void landing().then((to) => navigate(to, { replace: true }))} />
      <Group justify="space-between" mt="lg" gap="xs">
        <Anchor component={Link} to="/auth/boxed-password-reset" size="sm">
          Forgot your password?
        </Anchor>
        <Text size="sm" c="dimmed">
          New here?{' '}
          <Anchor component={Link} to="/Register" size="sm" underline="always">
            Register
          </Anchor>
        </Text>
      </Group>
    </AuthCard>
  );
}
