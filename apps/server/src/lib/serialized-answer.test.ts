import { setTimeout as sleep } from 'node:timers/promises';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { SerializedAnswer } from './serialized-answer.js';

// A list page's kind of text: many similar objects, about 50 KB.
const page = Buffer.from(
  JSON.stringify({
    data: Array.from({ length: 300 }, (_, i) => ({
      uuid: `0b5e${String(i).padStart(4, '0')}-2fa1-41d2-883f-0016d3cca427`,
      name: `Delivery ${i * 7919}`,
      createdAt: new Date(Date.UTC(2026, 10, 25, 7, i % 60, i % 60, i)).toISOString(),
      distanceM: (i * 104729) % 50000,
    })),
  }),
);

async function settled<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = await read();
    if (done(value)) return value;
    await sleep(10);
  }
  return read();
}

describe('SerializedAnswer compression (decisions 044 and 048)', () => {
  for (const [encoding, decompress] of [
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const) {
    it(`${encoding}: fast first, compressed well once read again, always the same bytes`, async () => {
      const answer = new SerializedAnswer(page);
      const first = await answer.compressed(encoding);
      expect(decompress(first).equals(page)).toBe(true);
      // The second read still gets the fast copy (the better one is made meanwhile) and starts it once.
      expect(await answer.compressed(encoding)).toBe(first);
      const later = await settled(
        () => answer.compressed(encoding),
        (b) => b !== first,
      );
      expect(later).not.toBe(first);
      expect(later.length).toBeLessThan(first.length);
      expect(decompress(later).equals(page)).toBe(true);
      expect(await answer.compressed(encoding)).toBe(later);
    });
  }
});
