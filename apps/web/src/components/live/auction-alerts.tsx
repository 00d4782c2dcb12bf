import { Anchor, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconGavel } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useLiveEvents } from '../../lib/live/live-provider';
import { auctionAlertOf } from './auction-alert';

/**
 * The marketplace's in-app notifications (issue 13's matching): an auction event on the tab's live stream shows a
 * notification with a link to the auction, whatever screen is open. Issue 14's inbox will keep them.
 */
export function AuctionAlerts() {
  const navigate = useNavigate();
  useLiveEvents((signal) => {
    if (signal.kind !== 'event') return;
    const alert = auctionAlertOf(signal.event, Date.now());
    if (!alert) return;
    const id = `auction-${alert.auctionUuid}-${signal.event.id}`;
    const href = `/BidDetail?uuid=${alert.auctionUuid}`;
    notifications.show({
      id,
      color: alert.color,
      icon: <IconGavel size={18} />,
      title: alert.title,
      autoClose: 10_000,
      message: (
        <Stack gap={4}>
          <Text size="sm">{alert.message}</Text>
          <Anchor
            href={href}
            size="sm"
            fw={600}
            onClick={(e) => {
              e.preventDefault();
              notifications.hide(id);
              void navigate(href);
            }}
          >
            {alert.action}
          </Anchor>
        </Stack>
      ),
    });
  });
  return null;
}
