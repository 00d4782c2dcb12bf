import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';

/** The catch-all route's page. */
export default function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <Center mih="70vh" p="md">
      <Stack align="center" gap="sm" ta="center">
        <Text fz={72} fw={800} c="indigo" lh={1}>
          404
        </Text>
        <Title order={1}>Page not found</Title>
        <Text c="dimmed" maw={420} style={{ overflowWrap: 'anywhere' }}>
          There is no page at {pathname}. Check the address, or start again from the home page.
        </Text>
        <Button component={Link} to="/">
          Go Home
        </Button>
      </Stack>
    </Center>
  );
}
