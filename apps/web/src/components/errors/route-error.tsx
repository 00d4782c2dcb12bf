import { Button, Center, Code, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconHome } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useRouteError } from 'react-router';

/** True when the browser has nowhere to go back to: a first page load or a fresh tab. */
export function hasNoHistory(historyLength: number, locationKey: string): boolean {
  return historyLength <= 1 || locationKey === 'default';
}

/** The error screen of every route (spec section 2). */
export function RouteError() {
  const error = useRouteError();
  const location = useLocation();
  const navigate = useNavigate();
  const noHistory = hasNoHistory(window.history.length, location.key);

  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm" maw={480} ta="center">
        <Title order={1}>Error</Title>
        <Text size="lg" c="dimmed">
          Sorry, something went wrong.
        </Text>
        {import.meta.env.DEV && error instanceof Error ? (
          <Code block maw="100%">
            {error.message}
          </Code>
        ) : null}
        {noHistory ? (
          <Button component={Link} to="/" leftSection={<IconHome size={18} />}>
            Go Home
          </Button>
        ) : (
          <Button onClick={() => void navigate(-1)} leftSection={<IconArrowLeft size={18} />}>
            Go Back
          </Button>
        )}
      </Stack>
    </Center>
  );
}
