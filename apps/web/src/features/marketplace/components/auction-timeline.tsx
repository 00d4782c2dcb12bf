import type { Auction } from '@courier/contract';
import { Text, Timeline } from '@mantine/core';
import { formatDateTime } from '../../../lib/delivery-format';
import { useNow } from '../../../lib/use-now';
import { auctionTimeline } from '../auction-format';

/** Published, closes, award deadline, decided: the moments passed are filled in. */
export function AuctionTimeline({ auction }: { auction: Auction }) {
  const now = useNow(30_000);
  const entries = auctionTimeline(auction, now);
  const active = entries.reduce((last, e, i) => (e.done ? i : last), 0);
  return (
    <Timeline active={active} bulletSize={16} lineWidth={2}>
      {entries.map((entry) => (
        <Timeline.Item key={entry.label} title={entry.label}>
          <Text size="xs" c="dimmed">
            {entry.at ? formatDateTime(entry.at) : entry.done ? 'Decided' : 'Not yet'}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
