import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { HOME_LINK_LABEL, Logo } from '../../../components/brand/logo';

/** The boxed card the sign-in, lock, register and reset screens sit in: the page's main landmark. */
export function AuthCard({
  title,
  subtitle,
  children,
  width = 420,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** The card's widest width (the sign-up form asks for more room). */
  width?: number;
}) {
  return (
    <Center component="main" mih="calc(100vh - 64px)" px="md" py="xl">
      <Stack w="100%" maw={width} gap="lg">
        <Center>
          <Link to="/" aria-label={HOME_LINK_LABEL} style={{ textDecoration: 'none' }}>
            <Logo size={36} />
          </Link>
        </Center>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
          <Stack gap={4} mb="lg">
            <Title order={1} fz={26}>
              {title}
            </Title>
            {subtitle ? (
              <Text c="dimmed" size="sm">
                {subtitle}
              </Text>
            ) : null}
          </Stack>
          {children}
        </Paper>
      </Stack>
    </Center>
  );
}
