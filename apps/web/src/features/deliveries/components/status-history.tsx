import type { DeliveryStatusRecord } from '@courier/contract';
import { Text, Timeline } from '@mantine/core';
import { StatusTag } from '../../../components/status-tag/status-tag';
import { useLookup } from '../../../lib/lookups/get-lookup';
import { formatDateTime } from '../../../lib/delivery-format';

/** Status records newest first: the status as its tag, who, when and the message. */
export function StatusHistory({
  records,
  nameOf,
}: {
  records: DeliveryStatusRecord[];
  nameOf: (uuid: string | undefined) => string;
}) {
  const statuses = useLookup('deliveryLiveStatuses');
  const sorted = [...records].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  if (sorted.length === 0) return <Text c="dimmed">No status change yet.</Text>;
  return (
    <Timeline bulletSize={18} lineWidth={2} active={-1} data-testid="status-history">
      {sorted.map((record) => (
        <Timeline.Item
          key={record.uuid}
          title={
            <StatusTag
              tag={statuses.map[record.statusSlug]?.tag}
              label={statuses.labelOf(record.statusSlug)}
            />
          }
        >
          <Text size="xs" c="dimmed">
            {[formatDateTime(record.createdAt), nameOf(record.createdByUserUuid)].filter(Boolean).join(' · ')}
          </Text>
          {record.statusMessage ? <Text size="sm">{record.statusMessage}</Text> : null}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
