import { HEADER_DROPDOWN, type Notification } from '@courier/contract';
import { Button, Card, Group, SegmentedControl, Skeleton, Stack } from '@mantine/core';
import { IconBell, IconChecks, IconSettings } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/layout/empty-state';
import { PageHeader } from '../../../components/layout/page-header';
import { ListPagination } from '../../../components/list/list-pagination';
import { QueryError } from '../../../components/list/query-error';
import { NotificationItem } from '../../../components/notifications/notification-item';
import {
  useNotificationActions,
  useNotificationList,
} from '../../../components/notifications/notifications-api';
import { useNow } from '../../../lib/use-now';

/** /Notifications ("VIEW ALL ACTIVITIES"): every notification of mine, newest first, all or unread only. */
export default function NotificationsPage() {
  const [params, setParams] = useSearchParams();
  const unread = params.get('show') === 'unread';
  const [page, setPage] = useState(1);
  const list = useNotificationList(page, unread);
  const { read, dismiss, readAll } = useNotificationActions();
  const navigate = useNavigate();
  const now = useNow(60_000);
  const open = (n: Notification) => {
    if (n.readAt === null) read.mutate(n.uuid);
    if (n.link) void navigate(n.link);
  };
  const show = (value: string) => {
    setPage(1);
    setParams(value === 'unread' ? { show: 'unread' } : {}, { replace: true });
  };

  return (
    <>
      <PageHeader
        title="Notifications"
        description="What happened to your deliveries and your company's auctions, newest first."
      />
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <SegmentedControl
            value={unread ? 'unread' : 'all'}
            onChange={show}
            data={[
              { value: 'all', label: 'All' },
              { value: 'unread', label: 'Unread' },
            ]}
            aria-label="Which notifications"
          />
          <Group gap="xs">
            <Button
              variant="light"
              leftSection={<IconChecks size={16} />}
              loading={readAll.isPending}
              onClick={() => readAll.mutate()}
            >
              {HEADER_DROPDOWN.readAllNotifications}
            </Button>
            <Button
              variant="subtle"
              component={Link}
              to="/AccountPages/UserAccountSettings#notifications"
              leftSection={<IconSettings size={16} />}
            >
              Preferences
            </Button>
          </Group>
        </Group>
        {list.error ? (
          <QueryError error={list.error} onRetry={list.refetch} title="Could not load your notifications" />
        ) : !list.data ? (
          <Stack gap="xs" aria-busy="true" aria-label="Loading">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} height={64} radius="md" />
            ))}
          </Stack>
        ) : list.data.data.length === 0 ? (
          <EmptyState
            icon={IconBell}
            title={unread ? 'Nothing unread' : 'No notifications yet'}
            description={
              unread
                ? 'You have read everything. All your notifications are under "All".'
                : 'Milestones of the deliveries you create, their proofs, and your company’s auction news arrive here.'
            }
          />
        ) : (
          <Card withBorder radius="lg" padding="sm" component="section" aria-label="Notifications list">
            <Stack gap={4}>
              {list.data.data.map((n) => (
                <NotificationItem
                  key={n.uuid}
                  notification={n}
                  now={now}
                  onOpen={open}
                  onDismiss={(x) => dismiss.mutate(x.uuid)}
                  showCompany
                />
              ))}
            </Stack>
            <ListPagination meta={list.data.meta} onPage={setPage} />
          </Card>
        )}
      </Stack>
    </>
  );
}
