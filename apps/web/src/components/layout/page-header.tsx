import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { focusTargetClass } from './skip-link';

/**
 * The heading of a screen: its title as the page's h1, an optional line under it and actions on the right. The h1
 * takes the focus after a move to the screen (use-focus-heading.ts), hence its tabIndex.
 */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm" mb="lg" wrap="wrap">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 28 }} tabIndex={-1} className={focusTargetClass}>
          {title}
        </Title>
        {description ? (
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        ) : null}
      </Stack>
      {actions ? <Group gap="xs">{actions}</Group> : null}
    </Group>
  );
}
