import { Anchor, Group, Text } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../components/auth-card';
import { SignInForm } from '../components/sign-in-form';
import { safeRedirect } from '../safe-redirect';

/** /login and /auth/boxed-signin. After sign-in: the page the guard bounced from, else /CompanyDashboard. */
export default function SignInPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const target = safeRedirect(searchParams.get('redirectTo'));
  return (
    <AuthCard title="Sign In" subtitle="Enter your e-mail and password to sign in.">
      <SignInForm onSignedIn={() => void navigate(target, { replace: true })} />
      <Group justify="space-between" mt="lg" gap="xs">
        <Anchor component={Link} to="/auth/boxed-password-reset" size="sm">
          Forgot your password?
        </Anchor>
        <Text size="sm" c="dimmed">
          New here?{' '}
          <Anchor component={Link} to="/Register" size="sm">
            Register
          </Anchor>
        </Text>
      </Group>
    </AuthCard>
  );
}
