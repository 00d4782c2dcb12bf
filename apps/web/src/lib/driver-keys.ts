/**
 * Query keys of the driver's own calls (`/api/v1/driver/...`), apart from the company-scoped delivery keys: a
 * driver's deliveries are not one company's. Writes invalidate or edit through these, never by strings.
 */
export const driverKeys = {
  all: ['driver'] as const,
  deliveries: () => [...driverKeys.all, 'deliveries'] as const,
  delivery: (uuid: string) => [...driverKeys.all, 'delivery', uuid] as const,
  notes: (uuid: string) => [...driverKeys.delivery(uuid), 'notes'] as const,
  /** Proofs sent from this session: the driver calls have no list of a delivery's proofs. */
  sentProofs: (uuid: string) => [...driverKeys.all, 'sent-proofs', uuid] as const,
  /** My availability in every company I drive for (GET /driver/status). */
  myStatus: () => [...driverKeys.all, 'my-status'] as const,
};
