import { Button, Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { Link } from 'react-router';

/** A link to another screen, or a button acting on this one (such as clearing filters). */
export type EmptyStateAction = { label: string; to: string } | { label: string; onClick: () => void };

/** A card that says what a screen holds when there is nothing (yet) to show. */
export function EmptyState({
  icon: IconComponent,
  title,
  description,
  action,
}: {
  icon: Icon;
  title: string;
  description: string;
  action?: EmptyStateAction | undefined;
}) {
  return (
    <Card withBorder radius="lg" padding="xl">
      <Stack align="center" gap="sm" ta="center" py="lg">
        <ThemeIcon size={64} radius="xl" variant="light">
          <IconComponent size={34} stroke={1.5} />
        </ThemeIcon>
        <Title order={2} fz="lg">
          {title}
        </Title>
        <Text c="dimmed" maw={520}>
          {description}
        </Text>
        {action && 'to' in action ? (
          <Button component={Link} to={action.to} variant="light" mt="xs">
            {action.label}
          </Button>
        ) : null}
        {action && 'onClick' in action ? (
          <Button variant="light" mt="xs" onClick={action.onClick}>
            {action.label}
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
}
