import type { PublicTracking } from '@courier/contract';
import { Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { formatDateTime } from '../../../lib/date-format';
import { failureNext } from '../recipient-status';

/** After a failed attempt: when, why (as the driver or office wrote it), and what happens next. */
export function FailureCard({ failure }: { failure: NonNullable<PublicTracking['failure']> }) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="failure-title">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <ThemeIcon color="orange" variant="light" radius="xl" size="lg" aria-hidden>
            <IconAlertTriangle size={20} />
          </ThemeIcon>
          <Stack gap={0}>
            <Title order={2} fz="lg" id="failure-title">
              We could not deliver it
            </Title>
            <Text size="sm" c="dimmed">
              Tried {formatDateTime(failure.at)}
            </Text>
          </Stack>
        </Group>
        <Text style={{ overflowWrap: 'anywhere' }} data-testid="tracking-failure-reason">
          {failure.reason ? `Why: ${failure.reason}` : 'No reason was given.'}
        </Text>
        <Text fw={600} data-testid="tracking-failure-next">
          {failureNext(failure.next)}
        </Text>
      </Stack>
    </Card>
  );
}
