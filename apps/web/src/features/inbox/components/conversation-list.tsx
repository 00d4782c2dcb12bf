import type { Conversation } from '@courier/contract';
import { Badge, Button, Card, Group, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconInbox, IconSearch, IconTruckDelivery } from '@tabler/icons-react';
import { SearchInput } from '../../../components/list/search-input';
import { QueryError } from '../../../components/list/query-error';
import { timeAgo } from '../../../components/notifications/time-ago';
import { useNow } from '../../../lib/use-now';
import { useConversations } from '../api/list-conversations';
import classes from './inbox.module.css';

/** Who a conversation is with, in a line: the people (not me), or the two companies of a delivery's thread. */
function withWhom(c: Conversation): string {
  if (c.kind === 'delivery') return c.companyNames.join(' · ');
  return c.participants.map((p) => p.name).join(', ');
}

/** My conversations, newest message first, with unread badges, a search box and "Load more". */
export function ConversationList({
  slug,
  search,
  onSearch,
  query,
  selected,
  onSelect,
}: {
  slug: string;
  search: string;
  onSearch: (value: string) => void;
  query: string;
  /** The open conversation, or the delivery whose thread is open. */
  selected: string | null;
  onSelect: (uuid: string) => void;
}) {
  const list = useConversations(slug, query);
  const now = useNow(60_000);
  const items = list.data?.pages.flatMap((p) => p.data) ?? [];
  const total = list.data?.pages[0]?.meta.total ?? 0;
  const isOpen = (c: Conversation) =>
    c.uuid === selected || (c.deliveryUuid !== null && c.deliveryUuid === selected);

  return (
    <Card withBorder radius="lg" padding="sm" component="section" aria-label="Conversations">
      <Stack gap="sm">
        <SearchInput
          value={search}
          onChange={onSearch}
          label="Search conversations"
          placeholder="Search subjects and messages"
        />
        {list.error ? (
          <QueryError error={list.error} onRetry={list.refetch} title="Could not load your conversations" />
        ) : !list.data ? (
          <Stack gap="xs" aria-busy="true" aria-label="Loading">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} height={56} radius="md" />
            ))}
          </Stack>
        ) : items.length === 0 ? (
          <Stack align="center" gap={6} py="lg" ta="center">
            {query ? <IconSearch size={28} aria-hidden /> : <IconInbox size={28} aria-hidden />}
            <Text fw={600}>{query ? 'No conversation matches' : 'No conversations yet'}</Text>
            <Text size="sm" c="dimmed" maw={280}>
              {query
                ? `Nothing in your subjects or messages contains “${query}”. Try other words.`
                : 'Start one with “New conversation”, or open a shared delivery and choose Messages.'}
            </Text>
          </Stack>
        ) : (
          <Stack gap={2} role="list">
            {items.map((c) => (
              <UnstyledButton
                key={c.uuid}
                role="listitem"
                className={classes.item}
                data-active={isOpen(c) || undefined}
                aria-current={isOpen(c) ? 'true' : undefined}
                onClick={() => onSelect(c.uuid)}
                data-testid="conversation-item"
              >
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Group gap={6} wrap="nowrap" miw={0}>
                    {c.kind === 'delivery' ? (
                      <IconTruckDelivery size={16} aria-label="Delivery thread" />
                    ) : null}
                    <Text size="sm" fw={c.unreadCount > 0 ? 700 : 500} truncate>
                      {c.title}
                    </Text>
                  </Group>
                  <Group gap={6} wrap="nowrap">
                    <Text size="xs" c="dimmed">
                      {timeAgo(c.lastMessageAt, now)}
                    </Text>
                    {c.unreadCount > 0 ? (
                      <Badge size="sm" color="red" aria-label={`${c.unreadCount} unread`}>
                        {c.unreadCount}
                      </Badge>
                    ) : null}
                  </Group>
                </Group>
                <Text size="xs" c="dimmed" truncate>
                  {withWhom(c)}
                </Text>
                {c.lastMessage ? (
                  <Text size="xs" truncate>
                    {c.lastMessage.authorName}: {c.lastMessage.excerpt || 'sent a file'}
                  </Text>
                ) : null}
              </UnstyledButton>
            ))}
          </Stack>
        )}
        {list.hasNextPage ? (
          <Button
            variant="subtle"
            onClick={() => void list.fetchNextPage()}
            loading={list.isFetchingNextPage}
          >
            Load more ({items.length} of {total})
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
}
