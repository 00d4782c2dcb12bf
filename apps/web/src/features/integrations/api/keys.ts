/** Query keys of the company's API keys, under the company they belong to. */
export const apiKeyKeys = {
  all: (slug: string) => ['api-keys', slug] as const,
  list: (slug: string) => [...apiKeyKeys.all(slug), 'list'] as const,
};

/** Query keys of the company's webhook endpoints and their logs: `all` refreshes both. */
export const webhookKeys = {
  all: (slug: string) => ['webhooks', slug] as const,
  list: (slug: string) => [...webhookKeys.all(slug), 'list'] as const,
  attempts: (slug: string, webhookUuid: string) =>
    [...webhookKeys.all(slug), 'attempts', webhookUuid] as const,
  attemptsPage: (slug: string, webhookUuid: string, query: { page: number; per_page: number }) =>
    [...webhookKeys.attempts(slug, webhookUuid), query] as const,
};
