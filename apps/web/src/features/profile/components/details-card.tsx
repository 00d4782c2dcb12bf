import { Card, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled card for one list of the profile (roles, companies, addresses). */
export function DetailsCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={2} fz="lg" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

export function NoneYet({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed">
      {children}
    </Text>
  );
}
