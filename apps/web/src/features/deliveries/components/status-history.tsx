import type { DeliveryStatusRecord } from '@courier/contract';
import { Text, Timeline } from '@mantine/core';
import { StatusTag } from '../../../components/status-tag/status-tag';
import { useLookup } from '../../../lib/lookups/get-lookup';
import { formatDateTime } from '../../../lib/delivery-format';

/** Planning moves made together (one person, within this long) read as one step of the journey. */
const BURST_MS = 60_000;
/** The planning statuses a delivery passes through as it is made (created, then scheduled at once). */
const PLANNING = ['created', 'scheduled'];

export interface JourneyStep {
  /** The record the step ends on: its status, time, author and message show. */
  record: DeliveryStatusRecord;
  /** The statuses passed through on the way, oldest first ("Created" before "Scheduled" at creation). */
  via: string[];
}

/**
 * The delivery's journey plainly (issue 33): its live statuses only (quotes have their own panel), and the planning
 * moves one person made together (created then scheduled at once) as one step; the work on the road keeps every
 * move; newest first.
 */
export function journeyOf(records: readonly DeliveryStatusRecord[]): JourneyStep[] {
  const live = records
    .filter((r) => r.statusType === 'live')
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const steps: JourneyStep[] = [];
  for (const record of live) {
    const previous = steps.at(-1);
    const together =
      previous &&
      PLANNING.includes(previous.record.statusSlug) &&
      PLANNING.includes(record.statusSlug) &&
      previous.record.createdByUserUuid === record.createdByUserUuid &&
      new Date(record.createdAt).getTime() - new Date(previous.record.createdAt).getTime() < BURST_MS &&
      !record.statusMessage &&
      !previous.record.statusMessage;
    if (together) steps[steps.length - 1] = { record, via: [...previous.via, previous.record.statusSlug] };
    else steps.push({ record, via: [] });
  }
  return steps.reverse();
}

/** The journey newest first: each step's status as its tag, when, who, what it passed through and its message. */
export function StatusHistory({
  records,
  nameOf,
}: {
  records: DeliveryStatusRecord[];
  nameOf: (record: DeliveryStatusRecord) => string;
}) {
  const statuses = useLookup('deliveryLiveStatuses');
  const journey = journeyOf(records);
  if (journey.length === 0) return <Text c="dimmed">No status change yet.</Text>;
  return (
    <Timeline bulletSize={18} lineWidth={2} active={-1} data-testid="status-history">
      {journey.map(({ record, via }) => (
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
            {[formatDateTime(record.createdAt), nameOf(record)].filter(Boolean).join(' · ')}
          </Text>
          {via.length > 0 ? (
            <Text size="xs" c="dimmed">
              after {via.map((slug) => statuses.labelOf(slug)).join(', ')}
            </Text>
          ) : null}
          {record.statusMessage ? <Text size="sm">{record.statusMessage}</Text> : null}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
