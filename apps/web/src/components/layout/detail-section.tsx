import { Card, Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled card of a detail page (a delivery, an auction), with an optional action beside its title. */
export function DetailSection({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label={title}>
      <Group justify="space-between" wrap="wrap" gap="xs" mb="sm">
        <Title order={2} fz="md">
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Card>
  );
}
