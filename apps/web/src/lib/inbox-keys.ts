import type { ConversationListQuery } from '@courier/contract';

/**
 * Query keys of the inbox (decision 031), shared by the header's messages dropdown, the /apps/mailbox screen and the
 * live stream: a `message` event invalidates `all` of the company.
 */
export const inboxKeys = {
  all: (slug: string) => ['inbox', slug] as const,
  summary: (slug: string) => [...inboxKeys.all(slug), 'summary'] as const,
  conversations: (slug: string, query: Partial<ConversationListQuery>) =>
    [...inboxKeys.all(slug), 'conversations', query] as const,
  conversation: (slug: string, uuid: string) => [...inboxKeys.all(slug), 'conversation', uuid] as const,
  messages: (slug: string, uuid: string) => [...inboxKeys.all(slug), 'messages', uuid] as const,
  deliveryThread: (slug: string, deliveryUuid: string) =>
    [...inboxKeys.all(slug), 'delivery', deliveryUuid] as const,
  people: (slug: string) => [...inboxKeys.all(slug), 'people'] as const,
};
