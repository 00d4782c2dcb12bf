import { Anchor, Stack, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { AuthCard } from '../components/auth-card';
import { SignUpForm } from '../components/sign-up-form';

/**
 * /Register and /Authentication/RegisterBoxed (decision 029): a new company and its first admin. The admin is
 * signed in at once and lands on the company dashboard, whose first steps include verifying the e-mail.
 */
export default function RegisterPage() {
  const navigate = useNavigate();
  return (
    <AuthCard
      title="Register"
      subtitle="Create your company's account. Drivers and staff are added later by its admins."
      width={560}
    >
      <Stack gap="md">
        <SignUpForm onSignedUp={() => void navigate('/CompanyDashboard', { replace: true })} />
        <Text size="sm" ta="center" c="dimmed">
          Already have an account?{' '}
          <Anchor component={Link} to="/login" underline="always">
            Sign in
          </Anchor>
        </Text>
      </Stack>
    </AuthCard>
  );
}
