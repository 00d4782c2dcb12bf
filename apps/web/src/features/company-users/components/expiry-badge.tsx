import { Badge, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { expiryOf, type DriverDocumentKind } from '../utils/expiry';
import { formatDate } from '../../../lib/date-format';

const NAMES: Record<DriverDocumentKind, string> = { licence: 'Licence', insurance: 'Insurance' };

/** An orange "expires in 12 days" or red "expired" badge; a later expiry is shown as a plain date. */
export function ExpiryBadge({
  kind,
  expiresAt,
}: {
  kind: DriverDocumentKind;
  expiresAt: string | null | undefined;
}) {
  const { state, daysLeft } = expiryOf(expiresAt);
  if (state === 'unknown' || !expiresAt) return null;
  const date = formatDate(expiresAt);
  if (state === 'valid') {
    return (
      <Text size="xs" c="dimmed">
        Valid to {date}
      </Text>
    );
  }
  const expired = state === 'expired';
  const text = expired
    ? `${NAMES[kind]} expired`
    : daysLeft === 0
      ? `${NAMES[kind]} expires today`
      : `${NAMES[kind]} expires in ${daysLeft} ${daysLeft === 1 ? 'day' : 'days'}`;
  return (
    <Tooltip label={`${expired ? 'Expired' : 'Expires'} on ${date}`}>
      <Badge
        color={expired ? 'red' : 'orange'}
        variant="light"
        tt="none"
        leftSection={<IconAlertTriangle size={12} />}
        data-expiry={state}
      >
        {text}
      </Badge>
    </Tooltip>
  );
}
