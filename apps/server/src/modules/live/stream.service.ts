import { LIVE_STREAM, type Actor } from '@courier/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccessNotice } from '../../db/access-notices.js';
import type { Db } from '../../db/client.js';
import { parseCursor } from '../../lib/events/sequence-tracker.js';
import { sseFrame } from './events.presenter.js';
import { eventsAfter, oldestEventId, type StoredEvent, type StreamOwner } from './events.queries.js';
import type { LiveHub, StreamSink } from './live-hub.service.js';
import { SseResponse, type SseSettings } from './sse-response.js';
import { mayReceive } from './live.policy.js';

export interface StreamSettings extends SseSettings {
  catchUpMax: number;
  /** How often the caller's session and memberships are read again when nothing said so (an idle session's end). */
  revalidateMs: number;
}

export const DEFAULT_STREAM_SETTINGS: StreamSettings = {
  heartbeatMs: LIVE_STREAM.heartbeatSeconds * 1_000,
  maxBufferedBytes: LIVE_STREAM.maxBufferedBytes,
  catchUpMax: LIVE_STREAM.catchUpMax,
  revalidateMs: 5 * 60_000,
};

/**
 * One client's stream. It registers with the hub first (events arriving meanwhile wait in `pending`), then sends the
 * catch-up from the table, then what waited (minus what the catch-up sent), then `stream.ready` with the cursor: no
 * gap between catch-up and live, and no event twice. Catch-up messages carry no `id:` (the cursor moves once, with
 * `stream.ready`); a client cut off in the middle of a catch-up gets it again and drops what it has by event id.
 */
class StreamConnection implements StreamSink {
  private pending: { id: number; frame: string }[] | null = [];

  constructor(
    readonly owner: StreamOwner,
    public actor: Actor,
    private readonly kind: 'admin' | 'driver',
    private readonly sse: SseResponse,
    private readonly settings: StreamSettings,
    private readonly sessionId: string,
    private readonly revalidate: () => Promise<Actor | null>,
  ) {}

  /** Reads the actor again from the session: a stream whose session ended, locked or lost access ends. */
  check(): void {
    if (this.sse.isClosed) return;
    this.revalidate().then(
      (actor) => (actor ? (this.actor = actor) : this.close()),
      () => undefined, // a database hiccup does not end a stream; the next check asks again
    );
  }

  recheck(notice: AccessNotice | 'all'): void {
    if (notice === 'all') this.check();
    else if ('sessionId' in notice ? notice.sessionId === this.sessionId : notice.userId === this.actor.userId)
      this.check();
  }

  offer(ev: StoredEvent, frame: string): void {
    if (this.sse.isClosed || !mayReceive(this.actor, this.kind, ev)) return;
    if (this.pending) {
      this.pending.push({ id: ev.id, frame });
      if (this.pending.length > this.settings.catchUpMax) this.close();
    } else this.write(frame);
  }

  may(ev: StoredEvent): boolean {
    return mayReceive(this.actor, this.kind, ev);
  }

  goLive(sent: ReadonlySet<number>, cursor: string): void {
    const waiting = this.pending ?? [];
    this.pending = null;
    for (const p of waiting) if (!sent.has(p.id)) this.write(p.frame);
    this.write(`id: ${cursor}\nevent: stream.ready\ndata: {}\n\n`);
  }

  write(text: string): void {
    this.sse.write(text);
  }

  close(): void {
    this.sse.close();
  }
}

export interface OpenStreamOptions {
  kind: 'admin' | 'driver';
  owner: StreamOwner;
  actor: Actor;
  lastEventId: string | undefined;
  /** The actor read again from the session; null when it may no longer have this stream. */
  revalidate: () => Promise<Actor | null>;
  /** The caller's session: its end or lock ends the stream at once (`LiveHub.accessChanged`). */
  sessionId: string;
}

/** Answers the request with an event stream until the client goes, the hub closes, or the client falls behind. */
export async function openStream(
  db: Db,
  hub: LiveHub,
  settings: StreamSettings,
  request: FastifyRequest,
  reply: FastifyReply,
  opts: OpenStreamOptions,
): Promise<void> {
  const sse = new SseResponse(request, reply, settings);
  const conn = new StreamConnection(
    opts.owner,
    opts.actor,
    opts.kind,
    sse,
    settings,
    opts.sessionId,
    opts.revalidate,
  );
  sse.onClose(() => hub.remove(conn));
  hub.add(conn);
  // Access taken away is told at once (`recheck`); this slow round catches what no write tells: a session's idle end.
  sse.every(settings.revalidateMs, () => conn.check());

  const sent = new Set<number>();
  const cursor = parseCursor(opts.lastEventId);
  try {
    if (cursor === null) conn.write(resetFrame('unknown-cursor'));
    else if (cursor) {
      const oldest = await oldestEventId(db);
      const rows = await eventsAfter(db, { ...cursor, owner: opts.owner, limit: settings.catchUpMax + 1 });
      // Purged events the client never got (its cursor is before the oldest kept), or too many to replay.
      const purged = oldest !== null ? cursor.high < oldest - 1 : cursor.high < hub.high;
      if (purged || rows.length > settings.catchUpMax) conn.write(resetFrame('too-far-behind'));
      else
        for (const ev of rows) {
          if (!conn.may(ev)) continue;
          sent.add(ev.id);
          conn.write(sseFrame(ev));
        }
    }
  } catch (err) {
    // The answer has begun (hijacked): end the stream; the client reconnects from its cursor.
    request.log.warn({ err }, 'live stream catch-up failed');
    conn.close();
    return;
  }
  conn.goLive(sent, hub.cursor());
}

const resetFrame = (reason: string) => `event: stream.reset\ndata: ${JSON.stringify({ reason })}\n\n`;
