/** Query keys of the platform's sent mail (decision 034): the outbox screen's list and one message. */
export const mailKeys = {
  all: () => ['platform-mail'] as const,
  list: (query: { page: number; per_page: number; to?: string | undefined }) =>
    [...mailKeys.all(), 'list', query] as const,
  one: (uuid: string) => [...mailKeys.all(), 'one', uuid] as const,
};
