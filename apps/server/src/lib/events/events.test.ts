import { describe, expect, it } from 'vitest';
import { mergePayloads, NOTIFY_MAX_BYTES } from './pg-notify-bus.js';
import { formatCursor, parseCursor, SequenceTracker } from './sequence-tracker.js';
import { packEvents, unpackEvents } from './wire.js';

describe('packing events for the bus', () => {
  it('packs many events into payloads under NOTIFY’s limit, in order, and refers to one too big by its id', () => {
    const events = Array.from({ length: 300 }, (_, i) => ({
      id: i + 1,
      data: 'x'.repeat(i === 7 ? 9_000 : 90),
    }));
    const payloads = packEvents(events, NOTIFY_MAX_BYTES);
    expect(payloads.length).toBeGreaterThan(1);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThan(8_000);
    const items = payloads.flatMap((p) => unpackEvents<(typeof events)[number]>(p));
    expect(items.map((i) => ('event' in i ? i.event.id : i.ref))).toEqual(events.map((e) => e.id));
    expect(items[7]).toEqual({ ref: 8 });
  });

  it('drops what it cannot read', () => {
    expect(unpackEvents('not json')).toEqual([]);
    expect(unpackEvents('[{"e":{"id":"1"}},{"r":2},3]')).toEqual([{ ref: 2 }]);
  });
});

describe('coalescing NOTIFY payloads published after commit', () => {
  it('joins adjacent payloads under the limit, keeps their order, and starts a new one past it', () => {
    const events = Array.from({ length: 60 }, (_, i) => ({
      id: i + 1,
      type: 'position',
      data: 'x'.repeat(200),
    }));
    // One payload per write, as each positions batch publishes its events.
    const published = events.map((e) => packEvents([e], NOTIFY_MAX_BYTES)[0]!);
    const merged = mergePayloads(published, NOTIFY_MAX_BYTES);
    expect(merged.length).toBeGreaterThan(1);
    expect(merged.length).toBeLessThan(published.length / 10);
    for (const p of merged) expect(Buffer.byteLength(p)).toBeLessThanOrEqual(NOTIFY_MAX_BYTES);
    const ids = merged.flatMap((p) => unpackEvents(p).map((item) => ('event' in item ? item.event.id : -1)));
    expect(ids).toEqual(events.map((e) => e.id));
  });

  it('leaves a payload that fills the limit alone', () => {
    const big = `[${JSON.stringify({ r: 1 }).padEnd(NOTIFY_MAX_BYTES - 2, ' ')}]`;
    expect(mergePayloads([big, '[{"r":2}]', '[{"r":3}]'], NOTIFY_MAX_BYTES)).toEqual([
      big,
      '[{"r":2},{"r":3}]',
    ]);
  });
});

describe('the sequence tracker', () => {
  it('keeps ids seen out of order as holes until they come, and forgets expired ones', () => {
    const t = new SequenceTracker({ holeTtlMs: 1_000, maxHoles: 100 });
    t.init(10, [10, 9, 7], 0);
    expect(t.cursor()).toEqual({ high: 10, holes: [8] });
    expect(t.see(12, 0)).toBe(true);
    expect(formatCursor(t.cursor())).toBe('12~8,11');
    expect(t.see(11, 10)).toBe(true);
    expect(t.see(11, 10)).toBe(false); // a duplicate
    expect(t.see(5, 10)).toBe(false); // long settled
    expect(t.staleHoles(0, 500)).toEqual([8]);
    expect(t.staleHoles(0, 2_000)).toEqual([]);
    expect(formatCursor(t.cursor())).toBe('12');
  });

  it('reads cursors back, and tells a malformed one from none', () => {
    expect(parseCursor('12~8,11')).toEqual({ high: 12, holes: [8, 11] });
    expect(parseCursor('12')).toEqual({ high: 12, holes: [] });
    expect(parseCursor(undefined)).toBeUndefined();
    expect(parseCursor('abc')).toBeNull();
    expect(parseCursor('1~2~3')).toBeNull();
  });
});
