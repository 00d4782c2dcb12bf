import type { PublicTracking } from '@courier/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '../../../testing/fake-event-source';
import { followTracking, trackingStreamUrl } from './stream-tracking';

const snapshot: PublicTracking = {
  countryCode: 'GB',
  status: 'en-route-to-dropoff',
  statusChangedAt: '2026-11-24T10:00:00.000Z',
  timeline: [{ status: 'en-route-to-dropoff', at: '2026-11-24T10:00:00.000Z' }],
  dropoff: { city: 'London', postcode: 'E8 1HE', location: { lat: 51.5456, lng: -0.0553 } },
  driverFirstName: 'Sam',
  eta: null,
  driverPosition: { lat: 51.5, lng: -0.1, recordedAt: '2026-11-24T10:01:00.000Z', heading: 90 },
  delivered: null,
  failure: null,
  instructions: null,
  rating: null,
};

describe("the tracking page's stream", () => {
  beforeEach(() => {
    FakeEventSource.all = [];
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  const follow = () => {
    const got: PublicTracking[] = [];
    const open: boolean[] = [];
    const stop = followTracking(
      trackingStreamUrl('tok_en-1'),
      { onSnapshot: (t) => got.push(t), onOpenChange: (o) => open.push(o) },
      (url) => new FakeEventSource(url),
    );
    return { got, open, stop, source: () => FakeEventSource.all.at(-1)! };
  };

  it('opens the token’s stream and hands on each snapshot it can read', () => {
    const { got, open, source } = follow();
    expect(source().url).toBe('/api/v1/track/tok_en-1/stream');
    source().open();
    source().send('tracking', JSON.stringify(snapshot));
    source().send('tracking', '{not json');
    source().send('tracking', JSON.stringify({ ...snapshot, status: 7 }));
    expect(got).toEqual([snapshot]);
    expect(open).toEqual([true]);
  });

  it('says it is closed while the browser reconnects, and reopens after a while when the browser gives up', () => {
    const { open, source, stop } = follow();
    source().open();
    source().fail(0); // the browser reconnects by itself
    expect(FakeEventSource.all).toHaveLength(1);
    source().fail(2); // it gave up (an error answer)
    expect(source().closed).toBe(true);
    expect(open).toEqual([true, false, false]);
    vi.advanceTimersByTime(4_999);
    expect(FakeEventSource.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.all).toHaveLength(2);
    FakeEventSource.all[1]!.fail(2);
    vi.advanceTimersByTime(9_999);
    expect(FakeEventSource.all).toHaveLength(2); // the wait doubles
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.all).toHaveLength(3);
    stop();
    expect(source().closed).toBe(true);
    source().fail(2);
    vi.advanceTimersByTime(120_000);
    expect(FakeEventSource.all).toHaveLength(3);
  });
});
