import {
  RECIPIENT_MESSAGE_KIND_LABELS,
  RECIPIENT_MESSAGES_PATH,
  type RecipientMessage,
} from '@courier/contract';
import { Anchor, Badge, Group, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMail, IconMessage } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { QueryError } from '../../../components/list/query-error';
import { formatDateTime, formatTime } from '../../../lib/date-format';
import { useDeliveryRecipientMessages } from '../api/list-recipient-messages';

const CHANNEL = {
  sms: { label: 'Text message', icon: IconMessage },
  email: { label: 'E-mail', icon: IconMail },
} as const;

/** A time today as "08:00", another day's with its date. */
function whenShort(iso: string, now: Date): string {
  const d = new Date(iso);
  return d.toDateString() === now.toDateString() ? formatTime(iso) : formatDateTime(iso);
}

export interface MessageStatusView {
  label: string;
  color: string;
  /** Why, when it is not plainly on its way: the provider's error, quiet hours, an opt-out. */
  detail: string | null;
  failed: boolean;
}

/** A message's status as the log shows it: its badge and the line that explains it. */
export function messageStatusView(m: RecipientMessage, now: Date = new Date()): MessageStatusView {
  const tries = m.attempts === 1 ? '1 try' : `${m.attempts} tries`;
  switch (m.status) {
    case 'queued':
      return m.error && m.attempts > 0
        ? { label: 'Retrying', color: 'blue', detail: `After ${tries}: ${m.error}`, failed: false }
        : { label: 'Queued', color: 'gray', detail: null, failed: false };
    case 'held':
      return {
        label: m.sendAfter ? `Held until ${whenShort(m.sendAfter, now)}` : 'Held',
        color: 'yellow',
        detail: "Quiet hours in the recipient's local time: it goes out when they end.",
        failed: false,
      };
    case 'sent':
      return {
        label: 'Sent',
        color: 'blue',
        detail:
          m.provider === 'outbox'
            ? "Kept in the platform's outbox: no provider is configured on this server."
            : null,
        failed: false,
      };
    case 'delivered':
      return { label: 'Delivered', color: 'teal', detail: null, failed: false };
    case 'failed':
      return {
        label: 'Failed',
        color: 'red',
        detail: `${m.error ?? 'The provider refused it.'}${m.attempts > 1 ? ` (after ${tries})` : ''}`,
        failed: true,
      };
    case 'undelivered':
      return {
        label: 'Undelivered',
        color: 'orange',
        detail: m.error ?? 'The provider reports it never arrived.',
        failed: true,
      };
    case 'opted-out':
      break;
  }
  return {
    label: 'Opted out',
    color: 'gray',
    detail: 'The recipient asked your company for no more messages: not sent.',
    failed: false,
  };
}

function MessageItem({ message, now }: { message: RecipientMessage; now: Date }) {
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const channel = CHANNEL[message.channel];
  const status = messageStatusView(message, now);
  const at = message.sentAt ?? message.createdAt;
  return (
    <Stack component="li" gap={4} data-testid="recipient-message">
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <Group gap="xs" wrap="nowrap" align="flex-start" miw={0}>
          <ThemeIcon variant="light" size="md" radius="xl" color="gray" aria-hidden>
            <channel.icon size={16} />
          </ThemeIcon>
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={600}>
              {RECIPIENT_MESSAGE_KIND_LABELS[message.kind]}
            </Text>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {channel.label} to {message.to}
            </Text>
          </div>
        </Group>
        <Badge color={status.color} variant="light" tt="none" radius="sm">
          {status.label}
        </Badge>
      </Group>
      <Text component="time" dateTime={at} size="xs" c="dimmed">
        {`${message.sentAt ? 'Sent' : 'Written'} ${formatDateTime(at)}`}
      </Text>
      {status.detail ? (
        <Text size="xs" c={status.failed ? 'red' : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
          {status.detail}
        </Text>
      ) : null}
      <Anchor
        component="button"
        type="button"
        size="xs"
        ta="left"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? 'Hide the message' : 'Show the message'}
      </Anchor>
      {open ? (
        <Paper id={bodyId} withBorder radius="md" p="sm">
          {message.subject ? (
            <Text size="sm" fw={700} style={{ overflowWrap: 'anywhere' }}>
              {message.subject}
            </Text>
          ) : null}
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {message.body}
          </Text>
        </Paper>
      ) : null}
    </Stack>
  );
}

/**
 * The delivery's messages to its recipients (issue 36), newest first: what, how, to whom, and what became of it.
 * Its status events and `recipient.message` events refetch it (applyLiveSignal).
 */
export function RecipientMessagesLog({
  slug,
  deliveryUuid,
  settingsLink,
}: {
  slug: string;
  deliveryUuid: string;
  /** The viewer may change the company's messages (an admin of the delivery's owner): link to them. */
  settingsLink: boolean;
}) {
  const messages = useDeliveryRecipientMessages(slug, deliveryUuid);
  if (messages.error)
    return (
      <QueryError
        error={messages.error}
        onRetry={messages.refetch}
        title="Could not load the messages to the recipient"
      />
    );
  if (!messages.data) return <Skeleton height={60} radius="md" />;
  if (messages.data.length === 0)
    return (
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          No messages yet: the recipient is told when the delivery sets off, shortly before it arrives, and
          when it is delivered or fails, as your company&apos;s settings say.
        </Text>
        {settingsLink ? (
          <Anchor component={Link} to={RECIPIENT_MESSAGES_PATH} size="sm">
            Choose which messages go out
          </Anchor>
        ) : null}
      </Stack>
    );
  const now = new Date();
  return (
    <Stack
      component="ul"
      gap="md"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
      aria-label="Messages to recipient"
    >
      {messages.data.map((m) => (
        <MessageItem key={m.uuid} message={m} now={now} />
      ))}
    </Stack>
  );
}
