import type { DeliveryRecipientInput } from '@courier/contract';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconPhoneCall } from '@tabler/icons-react';
import { GivenStars } from '../../../components/rating/stars';
import { formatDateTime } from '../../../lib/delivery-format';

function Line({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

/**
 * What the recipient told the company from the tracking page (issue 36): their instructions for the driver (also on
 * the driver's stop) and, after delivery, their rating. Live: the page asks it again on `delivery.recipient`.
 */
export function RecipientPanel({ input }: { input: DeliveryRecipientInput }) {
  const { instructions: i, rating } = input;
  return (
    <Stack gap="md">
      {i ? (
        <Stack gap="xs" data-testid="recipient-instructions">
          {i.doorCode ? (
            <Line label="Door or gate code" value={i.doorCode} testId="recipient-door-code" />
          ) : null}
          {i.safePlace ? <Line label="Safe place" value={i.safePlace} testId="recipient-safe-place" /> : null}
          {i.note ? <Line label="Note" value={i.note} testId="recipient-note" /> : null}
          {i.callOnArrival ? (
            <Group gap={6}>
              <Badge color="teal" variant="light" leftSection={<IconPhoneCall size={12} />} tt="none">
                Call on arrival
              </Badge>
            </Group>
          ) : null}
          <Text size="xs" c="dimmed">
            Written {formatDateTime(i.updatedAt)}
          </Text>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          No delivery instructions from the recipient.
        </Text>
      )}
      {rating ? (
        <GivenStars
          stars={rating.stars}
          comment={rating.comment}
          caption={`Rated by the recipient ${formatDateTime(rating.createdAt)}`}
          testId="recipient-rating"
        />
      ) : (
        <Text size="sm" c="dimmed">
          Not rated by the recipient yet.
        </Text>
      )}
    </Stack>
  );
}
