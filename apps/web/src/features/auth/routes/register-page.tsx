import { Button, List, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { AuthCard } from '../components/auth-card';

/** /Register and /Authentication/RegisterBoxed. Self-service sign-up is not open yet; the page says so. */
export default function RegisterPage() {
  return (
    <AuthCard title="Register" subtitle="Self-service registration arrives with a later release.">
      <Stack gap="md">
        <Text size="sm">For now, accounts are created for you:</Text>
        <List size="sm" spacing={6}>
          <List.Item>Drivers and staff: ask your company's admin to add you.</List.Item>
          <List.Item>New companies: write to us from the contact page and we will set you up.</List.Item>
        </List>
        <Button component={Link} to="/login" fullWidth>
          Sign In
        </Button>
        <Button component={Link} to="/ContactUs" variant="subtle">
          Contact us
        </Button>
      </Stack>
    </AuthCard>
  );
}
