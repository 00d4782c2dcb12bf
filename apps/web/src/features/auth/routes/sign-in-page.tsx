import { Anchor, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
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
