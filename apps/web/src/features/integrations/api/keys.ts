/** Query keys of the company's API keys, under the company they belong to. */
export const apiKeyKeys = {
  all: (slug: string) => ['api-keys', slug] as const,
  list: (slug: string) => [...apiKeyKeys.all(slug), 'list'] as const,
};
