import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';

/** One settings form in its card: title, a line of help, the fields and a save button. */
export function SectionForm({
  title,
  description,
  onSubmit,
  saving,
  submitLabel = 'Save',
  children,
}: {
  title: string;
  description: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  saving: boolean;
  submitLabel?: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label={title}>
      <form onSubmit={onSubmit} noValidate>
        <Title order={2} fz="lg">
          {title}
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          {description}
        </Text>
        <Stack gap="md">{children}</Stack>
        <Group justify="flex-end" mt="lg">
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
        </Group>
      </form>
    </Card>
  );
}
