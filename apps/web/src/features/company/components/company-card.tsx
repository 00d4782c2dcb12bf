import type { Company } from '@courier/contract';
import { Avatar, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatLongDate } from '../../../lib/date-format';

export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" fw={800} tt="uppercase" c="dimmed">
        {label}
      </Text>
      <Text size="sm" mt={2}>
        {children}
      </Text>
    </div>
  );
}

/** The company as every member sees it: logo, name, type, slug, age and description. */
export function CompanyCard({ company: current }: { company: Company }) {
  return (
    <Card withBorder radius="lg" padding="lg" maw={760}>
      <Group gap="md" wrap="nowrap" mb="lg">
        <Avatar src={current.logoUrl} name={current.name} color="initials" size={64} radius="md" alt="" />
        <Stack gap={2}>
          <Title order={2} fz="xl">
            {current.name}
          </Title>
          <Group gap={6}>
            <Badge variant="light" tt="capitalize">
              {current.companyTypeSlug}
            </Badge>
            <Badge variant="dot" color={current.isActive ? 'teal' : 'gray'}>
              {current.isActive ? 'Active' : 'Inactive'}
            </Badge>
          </Group>
        </Stack>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Field label="Slug">{current.slug}</Field>
        <Field label="Type">
          <span style={{ textTransform: 'capitalize' }}>{current.companyTypeSlug}</span>
        </Field>
        <Field label="Member since">{formatLongDate(current.createdAt)}</Field>
      </SimpleGrid>
      <Stack gap={2} mt="md">
        <Field label="Description">{current.description || 'No description yet.'}</Field>
      </Stack>
    </Card>
  );
}
