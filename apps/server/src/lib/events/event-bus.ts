/**
 * One interface for the live stream's bus (decision 023). Events are written to the `events` table first; the bus
 * only tells every server process that they exist. Each adapter carries an event whole when it is small and a
 * reference (its id) otherwise; a process that gets a reference reads the row.
 */
export interface BusEvent {
  /** The row id in the events table (also the SSE event id). */
  id: number;
}

export type BusItem<E extends BusEvent> = { event: E } | { ref: number };

export interface BusHandlers<E extends BusEvent> {
  /** Items in the order the bus delivered them (commit order on PostgreSQL, publish order elsewhere). */
  onItems(items: BusItem<E>[]): void;
  /** The bus was disconnected and is back: what was published meanwhile is lost, read it from the table. */
  onResync(): void;
}

export interface EventBus<E extends BusEvent> {
  readonly kind: 'memory' | 'postgres' | 'nats';
  /** The largest payload `publish` carries; events are packed under it. */
  readonly maxPayloadBytes: number;
  /**
   * Publishes events whose statement has committed already: the positions write, whose events do not NOTIFY in
   * their transaction (decision 022). Every other write's events NOTIFY in its transaction (`recordEvents`), which
   * the database delivers on commit; every bus listens to that channel.
   */
  publish(payloads: string[]): void;
  start(handlers: BusHandlers<E>): Promise<void>;
  close(): Promise<void>;
}
