import { HEADER_DROPDOWN, type Notification } from '@courier/contract';
import { Badge, Button, Stack, Text } from '@mantine/core';
import { IconBell, IconChecks, IconListDetails } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { NotificationItem } from '../../../../components/notifications/notification-item';
import {
  useNotificationActions,
  useNotificationSummary,
} from '../../../../components/notifications/notifications-api';
import { useAfterPaint } from '../../../../lib/use-after-paint';
import { useNow } from '../../../../lib/use-now';
import { EmptyPanel, HeaderDropdown } from './header-dropdown';
import classes from './header.module.css';

/**
 * The header's bell (spec section 4 "Header dropdowns"; decision 028): the signed-in user's unread notifications,
 * their count and "New", opening one marks it read and follows it, "Read All Notifications" and "VIEW ALL ACTIVITIES"
 * (the /Notifications screen). The live stream refreshes it.
 */
export function NotificationsDropdown() {
  // Asked once the first screen has painted (decision 052).
  const summary = useNotificationSummary(useAfterPaint());
  const { read, dismiss, readAll } = useNotificationActions();
  const navigate = useNavigate();
  const now = useNow(60_000);
  const unread = summary.data?.unread ?? 0;
  const items = summary.data?.latest ?? [];
  const open = (n: Notification) => {
    if (n.readAt === null) read.mutate(n.uuid);
    if (n.link) void navigate(n.link);
  };
  return (
    <HeaderDropdown
      label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
      icon={<IconBell size={20} />}
      hasItems={unread > 0}
      widths={HEADER_DROPDOWN.notificationPanelWidth}
    >
      {(close) => (
        <>
          <div className={classes.panelHeader}>
            <Text fw={700}>Notifications</Text>
            {unread > 0 ? (
              <Badge variant="light" radius="sm" data-testid="notifications-new">
                {unread} New
              </Badge>
            ) : null}
          </div>
          {items.length === 0 ? <EmptyPanel /> : null}
          {items.map((n) => (
            <NotificationItem
              key={n.uuid}
              notification={n}
              now={now}
              onOpen={open}
              onDismiss={(x) => dismiss.mutate(x.uuid)}
            />
          ))}
          <div className={classes.panelFooter}>
            <Stack gap={6}>
              {unread > 0 ? (
                <Button
                  fullWidth
                  variant="light"
                  size="xs"
                  leftSection={<IconChecks size={16} />}
                  loading={readAll.isPending}
                  onClick={(event) => {
                    event.stopPropagation();
                    readAll.mutate();
                  }}
                >
                  {HEADER_DROPDOWN.readAllNotifications}
                </Button>
              ) : null}
              <Button
                fullWidth
                variant="subtle"
                size="xs"
                leftSection={<IconListDetails size={16} />}
                onClick={() => {
                  close();
                  void navigate('/Notifications');
                }}
              >
                {HEADER_DROPDOWN.viewAllActivities}
              </Button>
            </Stack>
          </div>
        </>
      )}
    </HeaderDropdown>
  );
}
