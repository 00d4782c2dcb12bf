import { ActionIcon, Anchor, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconTruckDelivery } from '@tabler/icons-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { QueryError } from '../../../components/list/query-error';
import { useConversation } from '../api/get-conversation';
import { useMessages } from '../api/list-messages';
import { useMarkRead } from '../api/mark-read';
import { Composer } from './composer';
import { ThreadLoadFailure } from './load-failure';
import { MessageItem } from './message-item';
import classes from './inbox.module.css';

/** The thread's frame: a back button on phones, the title and who it is with, then the body. */
export function ThreadFrame({
  title,
  subtitle,
  deliveryUuid,
  onBack,
  children,
}: {
  title: string;
  subtitle: string;
  deliveryUuid: string | null;
  onBack: () => void;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-label="Conversation">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <ActionIcon
            className={classes.backButton}
            variant="subtle"
            size="lg"
            aria-label="Back to the conversations"
            onClick={onBack}
          >
            <IconArrowLeft size={18} />
          </ActionIcon>
          <Stack gap={2} miw={0} style={{ flex: 1 }}>
            <Group gap={6} wrap="nowrap">
              {deliveryUuid ? <IconTruckDelivery size={18} aria-hidden /> : null}
              <Title order={2} fz="lg" style={{ overflowWrap: 'anywhere' }}>
                {title}
              </Title>
            </Group>
            <Text size="sm" c="dimmed">
              {subtitle}
            </Text>
            {deliveryUuid ? (
              <Anchor component={Link} to={`/DeliveryDetail/${deliveryUuid}`} size="sm">
                Open the delivery
              </Anchor>
            ) : null}
          </Stack>
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

/** One conversation: its messages (oldest at the top, earlier ones on demand), read as they show, and the composer. */
export function ConversationThread({
  slug,
  conversationUuid,
  onBack,
}: {
  slug: string;
  conversationUuid: string;
  onBack: () => void;
}) {
  const conversation = useConversation(slug, conversationUuid);
  const messages = useMessages(slug, conversationUuid);
  const markRead = useMarkRead(slug);
  const bottom = useRef<HTMLDivElement>(null);
  const unread = conversation.data?.unreadCount ?? 0;
  const newest = messages.data?.pages[0]?.data[0]?.uuid;

  // Reading it marks it read (also when a message arrives while it is open).
  useEffect(() => {
    if (unread > 0 && !markRead.isPending) markRead.mutate(conversationUuid);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per new unread count, not per render
  }, [conversationUuid, unread]);
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [newest]);

  if (conversation.error)
    return (
      <ThreadLoadFailure
        error={conversation.error}
        onRetry={conversation.refetch}
        title="Could not load the conversation"
        notFound={{
          title: 'Conversation not found',
          description: 'It does not exist, or you are not in it. Choose another conversation from the list.',
        }}
      />
    );
  if (!conversation.data) return <Skeleton height={320} radius="lg" aria-label="Loading" />;
  const c = conversation.data;
  const list = [...(messages.data?.pages.flatMap((p) => p.data) ?? [])].reverse();
  const subtitle =
    c.kind === 'delivery'
      ? `Delivery thread · ${c.companyNames.join(' and ')}`
      : `With ${c.participants.map((p) => p.name).join(', ')}`;

  return (
    <ThreadFrame title={c.title} subtitle={subtitle} deliveryUuid={c.deliveryUuid} onBack={onBack}>
      <div className={classes.messages} aria-live="polite" aria-label="Messages">
        {messages.hasNextPage ? (
          <Button
            variant="subtle"
            size="xs"
            onClick={() => void messages.fetchNextPage()}
            loading={messages.isFetchingNextPage}
          >
            Load earlier messages
          </Button>
        ) : null}
        {messages.error ? (
          <QueryError error={messages.error} onRetry={messages.refetch} title="Could not load the messages" />
        ) : !messages.data ? (
          <Stack gap="xs" aria-busy="true" aria-label="Loading">
            <Skeleton height={48} width="60%" radius="md" />
            <Skeleton height={48} width="50%" radius="md" ml="auto" />
          </Stack>
        ) : (
          list.map((m) => <MessageItem key={m.uuid} message={m} showCompany={c.kind === 'delivery'} />)
        )}
        <div ref={bottom} />
      </div>
      <Composer slug={slug} target={{ conversationUuid }} />
    </ThreadFrame>
  );
}
