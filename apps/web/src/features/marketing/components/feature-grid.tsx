import { SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

export interface Feature {
  icon: Icon;
  title: string;
  text: string;
}

export function FeatureGrid({ features }: { features: readonly Feature[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="xl" verticalSpacing="xl">
      {features.map((feature) => (
        <Stack key={feature.title} gap="xs">
          <ThemeIcon size={46} radius="md" variant="light">
            <feature.icon size={24} stroke={1.6} />
          </ThemeIcon>
          <Title order={3} fz="lg">
            {feature.title}
          </Title>
          <Text c="dimmed" size="sm">
            {feature.text}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
