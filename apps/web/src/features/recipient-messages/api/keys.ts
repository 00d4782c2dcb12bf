/** Query keys of the company's messages to recipients: its settings, and the opt-out links' answers. */
export const recipientMessageKeys = {
  all: (slug: string) => ['recipient-messages', slug] as const,
  settings: (slug: string) => [...recipientMessageKeys.all(slug), 'settings'] as const,
  /** Public: a stop link's token names its company and address. */
  optOut: (token: string) => ['recipient-opt-out', token] as const,
};
