import type { Notification, NotificationKind } from '@courier/contract';
import { ActionIcon, Box, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import {
  IconAlarm,
  IconAt,
  IconCamera,
  IconId,
  IconGavel,
  IconTrophy,
  IconTruckDelivery,
  IconPlugConnectedX,
  IconUserCheck,
  IconX,
  type Icon,
} from '@tabler/icons-react';
import { timeAgo } from './time-ago';
import classes from './notification-item.module.css';

const PICTURES: Record<NotificationKind, { icon: Icon; color: string }> = {
  status: { icon: IconTruckDelivery, color: 'indigo' },
  late: { icon: IconAlarm, color: 'orange' },
  proof: { icon: IconCamera, color: 'teal' },
  bid: { icon: IconGavel, color: 'blue' },
  award: { icon: IconTrophy, color: 'teal' },
  auction: { icon: IconGavel, color: 'orange' },
  invitation: { icon: IconUserCheck, color: 'grape' },
  mention: { icon: IconAt, color: 'blue' },
  document: { icon: IconId, color: 'red' },
  integration: { icon: IconPlugConnectedX, color: 'red' },
};

/**
 * One notification: its picture, title, words and age; opening it marks it read and follows its link, the cross
 * dismisses it (the cross stops the click, so a header panel stays open).
 */
export function NotificationItem({
  notification: n,
  now,
  onOpen,
  onDismiss,
  showCompany = false,
}: {
  notification: Notification;
  now: number;
  onOpen: (n: Notification) => void;
  onDismiss: (n: Notification) => void;
  showCompany?: boolean;
}) {
  const picture = PICTURES[n.kind];
  return (
    <div className={classes.item} data-unread={n.readAt === null || undefined} data-testid="notification">
      <ThemeIcon variant="light" color={picture.color} radius="xl" size={36} aria-hidden>
        <picture.icon size={18} />
      </ThemeIcon>
      <UnstyledButton className={classes.open} onClick={() => onOpen(n)}>
        <Box miw={0}>
          <Text size="sm" fw={n.readAt === null ? 700 : 500} style={{ overflowWrap: 'anywhere' }}>
            {n.title}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {n.message}
          </Text>
          <Text size="xs" c="dimmed" mt={2}>
            <time dateTime={n.createdAt}>{timeAgo(n.createdAt, now)}</time>
            {showCompany && n.company ? ` · ${n.company.name}` : ''}
            {n.readAt === null ? <span className={classes.dot} aria-label="Unread" /> : null}
          </Text>
        </Box>
      </UnstyledButton>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="sm"
        aria-label={`Dismiss ${n.title}`}
        onClick={(event) => {
          event.stopPropagation();
          onDismiss(n);
        }}
      >
        <IconX size={14} />
      </ActionIcon>
    </div>
  );
}
