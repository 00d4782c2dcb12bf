import type { RecipientInstructions } from '@courier/contract';
import { Alert, Badge, Group, Stack, Text } from '@mantine/core';
import { IconMessageCircle, IconPhoneCall } from '@tabler/icons-react';
import { formatTime } from '../../../lib/date-format';

/**
 * What the recipient asked of the driver at this stop, from their tracking page (issue 36): the door code large
 * enough to read at arm's length, where to leave it, whether to call first, their note. It follows live: a change
 * on the page refetches the stop (the `delivery.recipient` event).
 */
export function RecipientInstructionsNote({ instructions: i }: { instructions: RecipientInstructions }) {
  return (
    <Alert
      variant="light"
      color="blue"
      radius="md"
      icon={<IconMessageCircle size={20} />}
      title="From the recipient"
      data-testid="stop-recipient-instructions"
    >
      <Stack gap={6}>
        {i.callOnArrival ? (
          <Group gap={6}>
            <Badge
              color="teal"
              variant="filled"
              size="lg"
              tt="none"
              leftSection={<IconPhoneCall size={14} />}
            >
              Call on arrival
            </Badge>
          </Group>
        ) : null}
        {i.doorCode ? (
          <Text size="md">
            Door code:{' '}
            <Text span fw={800} fz="xl" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {i.doorCode}
            </Text>
          </Text>
        ) : null}
        {i.safePlace ? (
          <Text size="md" style={{ overflowWrap: 'anywhere' }}>
            Safe place: <strong>{i.safePlace}</strong>
          </Text>
        ) : null}
        {i.note ? (
          <Text size="md" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
            {i.note}
          </Text>
        ) : null}
        <Text size="xs" c="dimmed">
          Written at {formatTime(i.updatedAt)}
        </Text>
      </Stack>
    </Alert>
  );
}
