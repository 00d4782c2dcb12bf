import { LIVE_STREAM } from '@courier/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface SseSettings {
  heartbeatMs: number;
  maxBufferedBytes: number;
}

/**
 * The answer of one Server-Sent Events stream, whatever it carries (decision 023): the headers, `retry:`, a heartbeat
 * comment, writes that drop a client which stops reading, and one close, however it comes (the client goes, the
 * server closes it, the client falls behind).
 */
export class SseResponse {
  private closed = false;
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly closeHandlers: (() => void)[] = [];

  constructor(
    request: FastifyRequest,
    private readonly reply: FastifyReply,
    private readonly settings: SseSettings,
  ) {
    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    reply.raw.on('close', () => this.close());
    request.raw.on('close', () => this.close());
    this.write(`retry: ${LIVE_STREAM.retryMs}\n: connected\n\n`);
    this.every(settings.heartbeatMs, () => this.write(': heartbeat\n\n'));
  }

  /** Runs `work` every `ms` until the stream closes (the timer does not hold the process open). */
  every(ms: number, work: () => void): void {
    const timer = setInterval(work, ms);
    timer.unref();
    this.timers.push(timer);
  }

  onClose(handler: () => void): void {
    this.closeHandlers.push(handler);
  }

  /** A client that does not read is dropped once it leaves more than `maxBufferedBytes` unread: memory stays bounded. */
  write(text: string): void {
    if (this.closed) return;
    const raw = this.reply.raw;
    if (raw.writableLength > this.settings.maxBufferedBytes) {
      this.close();
      return;
    }
    raw.write(text);
  }

  /** Ends the stream after what was written has gone (the stream is over, not broken). */
  end(): void {
    if (this.closed) return;
    this.finish();
    this.reply.raw.end();
  }

  /** Cuts the stream at once (the client reconnects, if it wants, from its cursor). */
  close(): void {
    if (this.closed) return;
    this.finish();
    this.reply.raw.destroy();
  }

  get isClosed(): boolean {
    return this.closed;
  }

  private finish() {
    this.closed = true;
    this.timers.forEach(clearInterval);
    for (const handler of this.closeHandlers) handler();
  }
}
