import { HEADER_DROPDOWN, type Conversation } from '@courier/contract';
import { Badge, Button, Group, Text, UnstyledButton } from '@mantine/core';
import { IconMail, IconMessage, IconTruckDelivery } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useInboxSummary } from '../../../../components/inbox/get-inbox-summary';
import { timeAgo } from '../../../../components/notifications/time-ago';
import { useCompanySlug } from '../../../../lib/session/use-company-slug';
import { useAfterPaint } from '../../../../lib/use-after-paint';
import { useNow } from '../../../../lib/use-now';
import { EmptyPanel, HeaderDropdown } from './header-dropdown';
import classes from './header.module.css';

/**
 * The header's messages (spec section 4 "Header dropdowns"; decision 031): the newest conversations with unread
 * messages, their count followed by "New", "No data available." when there are none; each opens its thread in the
 * inbox. The live stream refreshes it.
 */
export function MessagesDropdown() {
  const slug = useCompanySlug();
  // Asked once the first screen has painted (decision 052).
  const painted = useAfterPaint();
  const summary = useInboxSummary(painted ? slug : null);
  const navigate = useNavigate();
  const now = useNow(60_000);
  const unread = summary.data?.unreadConversations ?? 0;
  const items = summary.data?.latestUnread ?? [];
  const open = (c: Conversation) => void navigate(`/apps/mailbox?c=${c.uuid}`);
  return (
    <HeaderDropdown
      label={unread > 0 ? `Messages, ${unread} unread` : 'Messages'}
      icon={<IconMail size={20} />}
      hasItems={unread > 0}
      widths={HEADER_DROPDOWN.messagePanelWidth}
    >
      {() => (
        <>
          <div className={classes.panelHeader}>
            <Text fw={700}>Messages</Text>
            {unread > 0 ? (
              <Badge variant="light" radius="sm" data-testid="messages-new">
                {unread} New
              </Badge>
            ) : null}
          </div>
          {items.length === 0 ? <EmptyPanel /> : null}
          {items.map((c) => (
            <UnstyledButton
              key={c.uuid}
              className={classes.messageItem}
              onClick={() => open(c)}
              aria-label={`${c.title}: ${c.unreadCount} unread`}
            >
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Group gap={6} wrap="nowrap" miw={0}>
                  {c.kind === 'delivery' ? <IconTruckDelivery size={16} aria-hidden /> : null}
                  <Text size="sm" fw={600} truncate>
                    {c.title}
                  </Text>
                </Group>
                <Badge size="sm" circle={c.unreadCount < 10} color="red">
                  {c.unreadCount}
                </Badge>
              </Group>
              {c.lastMessage ? (
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {c.lastMessage.authorName}: {c.lastMessage.excerpt}
                </Text>
              ) : null}
              <Text size="xs" c="dimmed">
                {timeAgo(c.lastMessageAt, now)}
              </Text>
            </UnstyledButton>
          ))}
          <div className={classes.panelFooter}>
            <Button
              fullWidth
              variant="light"
              leftSection={<IconMessage size={16} />}
              onClick={() => void navigate('/apps/mailbox')}
            >
              Open the inbox
            </Button>
          </div>
        </>
      )}
    </HeaderDropdown>
  );
}
