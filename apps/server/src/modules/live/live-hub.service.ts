import type { AccessNotice } from '../../db/access-notices.js';
import type { Db } from '../../db/client.js';
import type { BusItem, EventBus } from '../../lib/events/event-bus.js';
import { formatCursor, SequenceTracker } from '../../lib/events/sequence-tracker.js';
import { packEvents } from '../../lib/events/wire.js';
import { sseFrame } from './events.presenter.js';
import {
  eventsAfter,
  eventsByIds,
  recentEventIds,
  type StoredEvent,
  type StreamOwner,
} from './events.queries.js';

/**
 * Whose events a connected stream is offered: a company's or a driver's (the event streams, which ask the policy), or
 * one delivery's (a snapshot stream such as the recipient's tracking page, which only takes them as a cue).
 */
export type SinkOwner = StreamOwner | { kind: 'delivery'; deliveryId: string };

/** What the hub needs of a connected stream. */
export interface StreamSink {
  readonly owner: SinkOwner;
  offer(ev: StoredEvent, frame: string): void;
  close(): void;
  /** A write took access away (a session ended or locked, a member removed): check whether this stream may go on. */
  recheck?(notice: AccessNotice | 'all'): void;
}

export interface LiveHubOptions {
  /** A hole older than this is a rolled-back insert and is forgotten. */
  holeTtlMs?: number;
  /** How often holes are looked for in the table (a publish lost between commit and bus). */
  sweepEveryMs?: number;
  onError?: (err: unknown) => void;
  /** Seconds from an event's write to its offer to this process's streams (the metrics' bus lag). */
  observeLag?: (seconds: number) => void;
}

/**
 * One per server process: takes the bus's events in order, reads referenced ones from the table, keeps the sequence
 * tracker (the cursor every client gets), and offers each event to the streams that may be its audience, indexed by
 * company, driver and delivery so an event costs only its candidates; each stream asks the policy itself.
 */
export class LiveHub {
  private readonly tracker: SequenceTracker;
  private readonly byCompany = new Map<string, Set<StreamSink>>();
  private readonly byDriver = new Map<string, Set<StreamSink>>();
  private readonly byDelivery = new Map<string, Set<StreamSink>>();
  private queue: Promise<void> = Promise.resolve();
  private sweepTimer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly db: Db,
    readonly bus: EventBus<StoredEvent>,
    private readonly opts: LiveHubOptions = {},
  ) {
    this.tracker = new SequenceTracker({ holeTtlMs: opts.holeTtlMs ?? 60_000, maxHoles: 200 });
  }

  async start(): Promise<void> {
    const recent = await recentEventIds(this.db, 500);
    this.tracker.init(recent[0] ?? 0, recent);
    await this.bus.start({
      onItems: (items) => this.enqueue(() => this.handle(items)),
      onResync: () => this.enqueue(() => this.resync()),
    });
    this.sweepTimer = setInterval(() => this.enqueue(() => this.sweep()), this.opts.sweepEveryMs ?? 1_000);
    this.sweepTimer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    for (const set of this.sets()) for (const s of [...set]) s.close();
    await this.queue;
    await this.bus.close();
  }

  /**
   * A write took access away (`db/access-notices.ts`): the streams of that session or user check theirs now, and end
   * if it is gone. `all` after the listener reconnected (a notice may have been missed).
   */
  accessChanged(notice: AccessNotice | 'all'): void {
    for (const set of this.sets()) for (const sink of [...set]) sink.recheck?.(notice);
  }

  /**
   * Events another module's statement inserted into `events` and that statement has committed (the positions write,
   * decision 022): published now, on every process. On PostgreSQL the NOTIFYs of concurrent writes are coalesced (one
   * statement in flight per process); an event whose publish is lost (the process dies after the commit) is found in
   * the table by the other processes' sequence trackers once a later one arrives (decision 023).
   */
  publishCommitted(stored: readonly StoredEvent[]): void {
    if (stored.length > 0) this.bus.publish(packEvents(stored, this.bus.maxPayloadBytes));
  }

  /** The cursor of everything this process has offered so far. */
  cursor(): string {
    return formatCursor(this.tracker.cursor());
  }

  get high(): number {
    return this.tracker.high;
  }

  get streamCount(): number {
    let n = 0;
    for (const set of this.sets()) n += set.size;
    return n;
  }

  add(sink: StreamSink): void {
    const [map, key] = this.slot(sink);
    let set = map.get(key);
    if (!set) map.set(key, (set = new Set()));
    set.add(sink);
  }

  remove(sink: StreamSink): void {
    const [map, key] = this.slot(sink);
    const set = map.get(key);
    set?.delete(sink);
    if (set?.size === 0) map.delete(key);
  }

  private slot(sink: StreamSink): [Map<string, Set<StreamSink>>, string] {
    const owner = sink.owner;
    if (owner.kind === 'company') return [this.byCompany, owner.companyId];
    if (owner.kind === 'driver') return [this.byDriver, owner.userId];
    return [this.byDelivery, owner.deliveryId];
  }

  private sets(): Set<StreamSink>[] {
    return [...this.byCompany.values(), ...this.byDriver.values(), ...this.byDelivery.values()];
  }

  private enqueue(work: () => Promise<void>) {
    this.queue = this.queue.then(work).catch((err: unknown) => this.opts.onError?.(err));
  }

  private async handle(items: BusItem<StoredEvent>[]): Promise<void> {
    if (this.closed) return;
    const refs = items.flatMap((i) => ('ref' in i ? [i.ref] : []));
    const fetched = new Map((await eventsByIds(this.db, refs)).map((e) => [e.id, e]));
    for (const item of items) {
      const ev = 'event' in item ? item.event : fetched.get(item.ref);
      if (ev) this.deliver(ev);
    }
  }

  private deliver(ev: StoredEvent) {
    if (!this.tracker.see(ev.id)) return; // seen already (a hole read from the table, then its late publish)
    this.opts.observeLag?.(Math.max(0, (Date.now() - Date.parse(ev.at)) / 1000));
    const frame = sseFrame(ev, this.cursor());
    const candidates = new Set<StreamSink>();
    const add = (set: Set<StreamSink> | undefined) => set?.forEach((s) => candidates.add(s));
    add(this.byCompany.get(ev.ownerCompanyId));
    if (ev.carrierCompanyId) add(this.byCompany.get(ev.carrierCompanyId));
    for (const d of ev.driverUserIds) add(this.byDriver.get(d));
    if (ev.deliveryId) add(this.byDelivery.get(ev.deliveryId));
    for (const sink of candidates) sink.offer(ev, frame);
  }

  /** After the bus reconnects: everything after the cursor, from the table. */
  private async resync(): Promise<void> {
    for (;;) {
      const { high, holes } = this.tracker.cursor();
      const rows = await eventsAfter(this.db, { high, holes, owner: null, limit: 1_000 });
      for (const ev of rows) this.deliver(ev);
      if (rows.length < 1_000 || this.closed) return;
    }
  }

  /** Holes that stay open a moment are read from the table: their publish may have been lost. */
  private async sweep(): Promise<void> {
    const holes = this.tracker.staleHoles(500);
    if (holes.length === 0 || this.closed) return;
    for (const ev of await eventsByIds(this.db, holes)) this.deliver(ev);
  }
}
