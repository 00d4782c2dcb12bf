import { describe, expect, it } from 'vitest';
import { LIVE_EVENT_TYPES } from './live.constants.js';
import { LIVE_EVENT_SCHEMAS, LiveEventSchema } from './live.events.js';

describe('the live events', () => {
  it('names every type that has a schema, in the same order, without the schemas', () => {
    expect([...LIVE_EVENT_TYPES]).toEqual(Object.keys(LIVE_EVENT_SCHEMAS));
  });

  it('reads an event of each type through the one schema of the stream', () => {
    for (const type of LIVE_EVENT_TYPES) {
      const parsed = LiveEventSchema.safeParse({ id: '1', type, at: '2026-11-25T10:00:00.000Z', data: {} });
      // The data is checked by the type's own schema: an empty one is refused, the type itself is known.
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues.some((issue) => issue.path[0] === 'type')).toBe(false);
    }
  });
});
