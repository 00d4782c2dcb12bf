/** The lookup lists' query keys, apart from their calls: the entry (the service worker's prompt) needs them without zod. */
export const lookupsRootKey = ['lookups'] as const;
