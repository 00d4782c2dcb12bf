import type { EventSourceLike } from '../lib/live';

/**
 * An EventSource a test drives: it records its URL and lets the test open it, send events (a string as it is,
 * anything else as JSON) and errors (`fail(0)`: the browser retries by itself; `fail(2)`: it gave up).
 */
export class FakeEventSource implements EventSourceLike {
  static all: FakeEventSource[] = [];
  readyState = 0;
  onopen: ((ev: Event) => void) | null = null;
  onerror: ((ev: Event) => void) | null = null;
  closed = false;
  private listeners = new Map<string, ((ev: MessageEvent<string>) => void)[]>();

  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }
  addEventListener(type: string, listener: (ev: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  send(type: string, data: unknown, lastEventId = '') {
    const text = typeof data === 'string' ? data : JSON.stringify(data);
    const ev = new MessageEvent<string>(type, { data: text, lastEventId });
    for (const l of this.listeners.get(type) ?? []) l(ev);
  }
  fail(readyState: 0 | 2) {
    this.readyState = readyState;
    this.onerror?.(new Event('error'));
  }
}
