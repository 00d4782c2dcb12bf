import { Box, Container, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * The frame of a page a recipient opens from a link, signed out (the tracking page, the stop-messages page): the
 * brand, one h1, no navigation, a phone-wide column.
 */
export function PublicPageFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="main" py="xl" mih="100vh" bg="var(--mantine-color-body)">
      <Container size={560} px="md">
        <Stack gap="md">
          <Group gap="xs">
            <ThemeIcon radius="md" size="lg" variant="filled">
              <IconPackage size={20} />
            </ThemeIcon>
            <Text fw={800}>Courier</Text>
          </Group>
          <Title order={1} fz={{ base: 26, sm: 30 }} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          {children}
        </Stack>
      </Container>
    </Box>
  );
}
