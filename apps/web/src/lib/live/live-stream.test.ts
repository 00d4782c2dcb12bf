import { LiveEventSchema } from '@courier/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '../../testing/fake-event-source';
import { LiveStream, readLiveEvent, type LiveSignal } from './live-stream';

const status = (id: string, s = 'picked-up') => ({
  id,
  type: 'delivery.status',
  at: '2026-11-24T08:00:00.000Z',
  data: { deliveryUuid: '00000000-0000-4000-8000-000000000001', status: s, at: '2026-11-24T08:00:00.000Z' },
});

describe('the live stream of a tab', () => {
  beforeEach(() => {
    FakeEventSource.all = [];
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  const start = () => {
    const stream = new LiveStream('/api/v1/driver/stream', {
      backoffMs: 1_000,
      maxBackoffMs: 8_000,
      createEventSource: (url) => new FakeEventSource(url),
    });
    const got: LiveSignal[] = [];
    stream.subscribe((s) => got.push(s));
    stream.start();
    return { stream, got, source: () => FakeEventSource.all.at(-1)! };
  };

  it('hands parsed events to every subscriber once, dropping one sent again and ones it cannot read', () => {
    const { got, source } = start();
    source().open();
    source().send('delivery.status', status('7'), '7');
    source().send('delivery.status', status('7'), '7');
    source().send('delivery.status', { id: 'x', type: 'delivery.status' });
    source().send('stream.reset', { reason: 'too-far-behind' });
    expect(got).toEqual([{ kind: 'event', event: status('7') }, { kind: 'reset' }]);
  });

  it('lets the browser reconnect by itself, and reopens with the last cursor and a growing backoff when it gives up', () => {
    const { stream, source } = start();
    const first = source();
    first.open();
    first.send('delivery.status', status('12'), '12~10');
    first.fail(0); // the browser retries itself (Last-Event-ID)
    expect(FakeEventSource.all).toHaveLength(1);

    first.fail(2); // it gave up
    expect(first.closed).toBe(true);
    vi.advanceTimersByTime(1_600);
    expect(FakeEventSource.all).toHaveLength(2);
    expect(source().url).toBe('/api/v1/driver/stream?lastEventId=12~10');

    source().fail(2);
    vi.advanceTimersByTime(1_400);
    expect(FakeEventSource.all).toHaveLength(2); // 2 s × (0.75…1.25) this time
    vi.advanceTimersByTime(1_200);
    expect(FakeEventSource.all).toHaveLength(3);

    // Once open, the backoff starts again from the beginning; stream.ready moves the cursor.
    source().open();
    source().send('stream.ready', {}, '15');
    expect(stream.lastCursor).toBe('15');
    stream.stop();
    expect(source().closed).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.all).toHaveLength(3);
  });

  it('is connected from stream.ready until an error, and tells its listeners of each change once', () => {
    const { stream, source } = start();
    const changes: boolean[] = [];
    stream.onConnectionChange((c) => changes.push(c));
    expect(stream.connected).toBe(false);
    source().open();
    expect(stream.connected).toBe(false); // open, but still catching up
    source().send('stream.ready', {}, '3');
    source().send('stream.ready', {}, '3');
    expect(stream.connected).toBe(true);
    source().fail(0);
    expect(stream.connected).toBe(false);
    source().send('stream.ready', {}, '4'); // the browser reconnected by itself
    stream.stop();
    expect(changes).toEqual([true, false, true, false]);
  });

  it('reads an event by its schema in development, and by its type and envelope in production', () => {
    for (const strict of [LiveEventSchema, null]) {
      expect(readLiveEvent(status('7'), strict)).toEqual(status('7'));
      expect(readLiveEvent({ ...status('8'), type: 'delivery.teleported' }, strict)).toBeNull();
      expect(readLiveEvent({ id: '9', type: 'delivery.status' }, strict)).toBeNull();
      expect(readLiveEvent('delivery.status', strict)).toBeNull();
      expect(readLiveEvent(null, strict)).toBeNull();
    }
    // Only the schema sees a wrong field inside the data.
    const wrongData = { ...status('10'), data: { ...status('10').data, status: 42 } };
    expect(readLiveEvent(wrongData, LiveEventSchema)).toBeNull();
    expect(readLiveEvent(wrongData, null)).toEqual(wrongData);
  });
});
