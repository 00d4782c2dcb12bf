/** Query keys of the server's job queues (decision 055): the counts and the dead jobs of one queue or all. */
export const jobKeys = {
  all: () => ['platform-jobs'] as const,
  queues: () => [...jobKeys.all(), 'queues'] as const,
  dead: (queue: string | undefined) => [...jobKeys.all(), 'dead', queue ?? null] as const,
};
