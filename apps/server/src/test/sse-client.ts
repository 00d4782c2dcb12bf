import http from 'node:http';

export interface SseMessage {
  id?: string;
  event: string;
  data: string;
}

/**
 * A Server-Sent Events client over node's http (the server side of tests): it keeps every message and comment, can
 * stop reading (a slow client), and tells when the server closed the stream.
 */
export class SseClient {
  readonly messages: SseMessage[] = [];
  readonly comments: string[] = [];
  status = 0;
  closed = false;
  lastEventId: string | undefined;
  private buffer = '';
  private res: http.IncomingMessage | null = null;
  private req: http.ClientRequest | null = null;
  private waiters: (() => void)[] = [];

  static open(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
    const client = new SseClient();
    return new Promise((resolve, reject) => {
      client.req = http.get(url, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
        client.res = res;
        client.status = res.statusCode ?? 0;
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => client.feed(chunk));
        const end = () => {
          client.closed = true;
          client.wake();
        };
        res.on('end', end);
        res.on('close', end);
        res.on('error', end);
        resolve(client);
      });
      client.req.on('error', (err) => (client.res ? undefined : reject(err)));
    });
  }

  /** Events only (not the stream's control events). */
  get events(): { id: string; type: string; data: Record<string, unknown> }[] {
    return this.messages
      .filter((m) => !m.event.startsWith('stream.'))
      .map((m) => JSON.parse(m.data) as { id: string; type: string; data: Record<string, unknown> });
  }

  pause() {
    this.res?.pause();
  }

  resume() {
    this.res?.resume();
  }

  close() {
    this.req?.destroy();
    this.closed = true;
  }

  async waitFor(check: (c: SseClient) => boolean, what = 'condition', timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!check(this)) {
      if (Date.now() > deadline)
        throw new Error(
          `timed out waiting for ${what}; got ${JSON.stringify(this.messages.map((m) => m.event))}`,
        );
      await new Promise<void>((r) => {
        this.waiters.push(r);
        setTimeout(r, 50);
      });
    }
  }

  ready(count = 1) {
    return this.waitFor(
      (c) => c.messages.filter((m) => m.event === 'stream.ready').length >= count,
      'stream.ready',
    );
  }

  private wake() {
    const w = this.waiters;
    this.waiters = [];
    w.forEach((f) => f());
  }

  private feed(chunk: string) {
    this.buffer += chunk;
    let end: number;
    while ((end = this.buffer.indexOf('\n\n')) >= 0) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      const msg: SseMessage = { event: 'message', data: '' };
      let hasData = false;
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) this.comments.push(line.slice(1).trim());
        else if (line.startsWith('id: ')) msg.id = this.lastEventId = line.slice(4);
        else if (line.startsWith('event: ')) msg.event = line.slice(7);
        else if (line.startsWith('data: ')) {
          msg.data += line.slice(6);
          hasData = true;
        }
      }
      if (hasData) this.messages.push(msg);
    }
    this.wake();
  }
}
