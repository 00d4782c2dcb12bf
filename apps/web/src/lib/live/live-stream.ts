import { LIVE_EVENT_TYPES, type LiveEvent, type LiveEventSchema } from '@courier/contract';

/** What the stream tells its listeners: an event, or that it was too far behind and everything should refetch. */
export type LiveSignal = { kind: 'event'; event: LiveEvent } | { kind: 'reset' };
export type LiveListener = (signal: LiveSignal) => void;

/** The slice of the browser's EventSource the stream uses (tests pass a fake). */
export interface EventSourceLike {
  readonly readyState: number;
  onopen: ((ev: Event) => void) | null;
  onerror: ((ev: Event) => void) | null;
  addEventListener(type: string, listener: (ev: MessageEvent<string>) => void): void;
  close(): void;
}
export type EventSourceFactory = (url: string) => EventSourceLike;

const CLOSED = 2;
const SEEN_MAX = 2_000;

export interface LiveStreamOptions {
  /** First wait before reopening a stream the browser gave up on, doubled each time up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
  createEventSource?: EventSourceFactory;
}

/**
 * One EventSource for the tab (decision 023). While the connection drops and comes back the browser reconnects by
 * itself and sends `Last-Event-ID`; when it gives up (the server answered an error, or the network was gone too
 * long) the stream opens a new EventSource after a backoff, passing the last cursor as `?lastEventId=`. Events are
 * told apart by their id: one sent again (a catch-up cut off in the middle) is dropped.
 */
export class LiveStream {
  private source: EventSourceLike | null = null;
  private readonly listeners = new Set<LiveListener>();
  private readonly seen = new Set<string>();
  private cursor: string | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private attempts = 0;
  private stopped = false;
  private live = false;
  private readonly connectionListeners = new Set<(connected: boolean) => void>();

  constructor(
    readonly url: string,
    private readonly opts: LiveStreamOptions = {},
  ) {}

  start(): void {
    this.stopped = false;
    this.open();
  }

  stop(): void {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.source?.close();
    this.source = null;
    this.setConnected(false);
  }

  /**
   * Whether events flow now: from the server's `stream.ready` (the catch-up is done) until an error. Screens poll
   * only while it is false.
   */
  get connected(): boolean {
    return this.live;
  }

  onConnectionChange(listener: (connected: boolean) => void): () => void {
    this.connectionListeners.add(listener);
    return () => this.connectionListeners.delete(listener);
  }

  private setConnected(connected: boolean) {
    if (this.live === connected) return;
    this.live = connected;
    for (const l of this.connectionListeners) l(connected);
  }

  subscribe(listener: LiveListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get lastCursor(): string | null {
    return this.cursor;
  }

  private open() {
    // No EventSource (an old browser, or a test environment): no stream; screens keep their own refreshes.
    if (!this.opts.createEventSource && typeof EventSource === 'undefined') return;
    const create =
      this.opts.createEventSource ?? ((u: string) => new EventSource(u, { withCredentials: true }));
    const url = this.cursor ? `${this.url}?lastEventId=${encodeURIComponent(this.cursor)}` : this.url;
    const source = create(url);
    this.source = source;
    source.onopen = () => {
      this.attempts = 0;
    };
    source.onerror = () => {
      if (this.source === source) this.setConnected(false);
      // CONNECTING: the browser retries by itself (with Last-Event-ID). CLOSED: it gave up; reopen after a while.
      if (source.readyState === CLOSED && this.source === source) this.retry();
    };
    const onMessage = (ev: MessageEvent<string>) => this.receive(ev);
    for (const type of LIVE_EVENT_TYPES) source.addEventListener(type, onMessage);
    source.addEventListener('stream.ready', (ev) => {
      this.remember(ev.lastEventId);
      if (this.source === source) this.setConnected(true);
    });
    source.addEventListener('stream.reset', () => this.emit({ kind: 'reset' }));
  }

  private retry() {
    this.source?.close();
    this.source = null;
    if (this.stopped) return;
    const base = this.opts.backoffMs ?? 1_000;
    const wait = Math.min(base * 2 ** this.attempts, this.opts.maxBackoffMs ?? 30_000);
    this.attempts += 1;
    this.retryTimer = setTimeout(
      () => {
        this.retryTimer = null;
        if (!this.stopped) this.open();
      },
      wait * (0.75 + Math.random() / 2),
    );
  }

  private remember(lastEventId: string) {
    if (lastEventId) this.cursor = lastEventId;
  }

  private receive(ev: MessageEvent<string>) {
    this.remember(ev.lastEventId);
    let parsed: LiveEvent | null;
    try {
      parsed = readLiveEvent(JSON.parse(ev.data));
    } catch {
      parsed = null;
    }
    if (!parsed) return; // an event this build does not know: ignore it rather than break the stream
    if (this.seen.has(parsed.id)) return;
    this.seen.add(parsed.id);
    if (this.seen.size > SEEN_MAX) this.seen.delete(this.seen.values().next().value!);
    this.emit({ kind: 'event', event: parsed });
  }

  private emit(signal: LiveSignal) {
    for (const l of this.listeners) l(signal);
  }
}

const KNOWN_TYPES: ReadonlySet<string> = new Set(LIVE_EVENT_TYPES);

/** The schema the development build checks events with (main.tsx); none in production. */
let devSchema: typeof LiveEventSchema | null = null;

/** Development only: check every event of the stream against this schema (`readLiveEvent`). */
export function checkLiveEventsWith(schema: typeof LiveEventSchema): void {
  devSchema = schema;
}

/**
 * One event of the stream, or null for one this build does not know. The events are the server's own, written from
 * the contract's schemas: in production an event of a known type with its envelope is taken as it is, as the API's
 * answers are; with a schema (the development build's) it is checked against it, and a mismatch is dropped
 * (decision 050). The schemas (zod) stay off the signed-in frame's first load.
 */
export function readLiveEvent(
  value: unknown,
  schema: typeof LiveEventSchema | null = devSchema,
): LiveEvent | null {
  if (schema) {
    const result = schema.safeParse(value);
    return result.success ? result.data : null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const event = value as Record<string, unknown>;
  const known =
    typeof event.id === 'string' &&
    typeof event.type === 'string' &&
    KNOWN_TYPES.has(event.type) &&
    typeof event.at === 'string' &&
    typeof event.data === 'object' &&
    event.data !== null;
  return known ? (value as LiveEvent) : null;
}
