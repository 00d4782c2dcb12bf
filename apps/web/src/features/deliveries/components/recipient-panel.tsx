import type { DeliveryRecipientInput } from '@courier/contract';
import { Badge, Group, Rating, Stack, Text } from '@mantine/core';
import { IconPhoneCall } from '@tabler/icons-react';
import { formatDateTime } from '../../../lib/delivery-format';

const STAR_WORDS = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'];

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
        <Stack gap={4} data-testid="recipient-rating">
          <Group gap="xs">
            <Rating value={rating.stars} readOnly aria-label={`Rated ${rating.stars} of 5 stars`} />
            <Text size="sm" fw={600}>
              {STAR_WORDS[rating.stars]}
            </Text>
          </Group>
          {rating.comment ? (
            <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
              “{rating.comment}”
            </Text>
          ) : null}
          <Text size="xs" c="dimmed">
            Rated by the recipient {formatDateTime(rating.createdAt)}
          </Text>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          Not rated by the recipient yet.
        </Text>
      )}
    </Stack>
  );
}
