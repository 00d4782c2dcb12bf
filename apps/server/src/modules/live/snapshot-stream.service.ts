import type { LiveEventType } from '@courier/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StoredEvent } from './events.queries.js';
import type { LiveHub, StreamSink } from './live-hub.service.js';
import { SseResponse, type SseSettings } from './sse-response.js';

/** One snapshot: the data to send, and whether it is the last one (the stream then ends). */
export interface Snapshot {
  data: unknown;
  last: boolean;
}

export interface SnapshotStreamOptions {
  /** The delivery whose events are the cue to look again. */
  deliveryId: string;
  /** The SSE `event:` name of every message. */
  event: string;
  /** The event types that may change the snapshot; the others (a company's notes, its quotes) are not even a cue. */
  triggers: readonly LiveEventType[];
  /**
   * Computes the snapshot now; null when there is nothing to follow any more (the stream ends, as after the last).
   * Throwing ends the stream too (a database hiccup: a client that still wants it reconnects).
   */
  snapshot: () => Promise<Snapshot | null>;
  /** At most one snapshot this often; cues in between are coalesced into one after it (the latest state). */
  minIntervalMs: number;
  /** Looked again this often with no cue (what depends on the clock, such as an ETA); sent only if it changed. */
  refreshMs: number;
}

/**
 * A stream of one delivery's snapshots (decision 023, "Snapshot streams"): the events of the delivery are only a cue
 * to compute the snapshot again, so what the client sees is always what `snapshot()` answers and nothing of the
 * events themselves. A snapshot equal to the last one sent is not sent again.
 */
class SnapshotConnection implements StreamSink {
  readonly owner: { kind: 'delivery'; deliveryId: string };
  private readonly triggers: ReadonlySet<string>;
  private wanted = false;
  private running = false;
  private timer: NodeJS.Timeout | null = null;
  private lastStart = 0;
  private lastSent: string | null = null;

  constructor(
    private readonly sse: SseResponse,
    private readonly opts: SnapshotStreamOptions,
    private readonly onError: (err: unknown) => void,
  ) {
    this.owner = { kind: 'delivery', deliveryId: opts.deliveryId };
    this.triggers = new Set(opts.triggers);
    sse.onClose(() => {
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
    });
  }

  offer(ev: StoredEvent): void {
    if (this.triggers.has(ev.type)) this.request();
  }

  /** Asks for a snapshot: now, or once the interval since the last one has passed (one for any number of asks). */
  request(): void {
    this.wanted = true;
    this.schedule();
  }

  close(): void {
    this.sse.close();
  }

  private schedule(): void {
    if (this.sse.isClosed || !this.wanted || this.running || this.timer) return;
    const wait = this.lastStart + this.opts.minIntervalMs - Date.now();
    if (wait > 0) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.schedule();
      }, wait);
      this.timer.unref();
      return;
    }
    this.wanted = false;
    this.running = true;
    this.lastStart = Date.now();
    void this.send().finally(() => {
      this.running = false;
      this.schedule();
    });
  }

  private async send(): Promise<void> {
    let snapshot: Snapshot | null;
    try {
      snapshot = await this.opts.snapshot();
    } catch (err) {
      this.onError(err);
      this.sse.close();
      return;
    }
    if (!snapshot) {
      this.sse.end();
      return;
    }
    const json = JSON.stringify(snapshot.data);
    if (json !== this.lastSent) {
      this.lastSent = json;
      this.sse.write(`event: ${this.opts.event}\ndata: ${json}\n\n`);
    }
    if (snapshot.last) this.sse.end();
  }
}

/**
 * Answers the request with a stream of one delivery's snapshots: the first at once, then one after each cue (at most
 * one per `minIntervalMs`) and after each `refreshMs`, until the client goes, the snapshot says it is the last, or
 * the client falls behind (dropped like any stream's). The caller has checked the request (a 404 before the stream).
 */
export function openSnapshotStream(
  hub: LiveHub,
  settings: SseSettings,
  request: FastifyRequest,
  reply: FastifyReply,
  opts: SnapshotStreamOptions,
): void {
  const sse = new SseResponse(request, reply, settings);
  const conn = new SnapshotConnection(sse, opts, (err) =>
    request.log.warn({ err }, 'snapshot stream ended on an error'),
  );
  // Registered before the first snapshot is computed: a change committed meanwhile is a cue for the next one.
  hub.add(conn);
  sse.onClose(() => hub.remove(conn));
  sse.every(opts.refreshMs, () => conn.request());
  conn.request();
}
