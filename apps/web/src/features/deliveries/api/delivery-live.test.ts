import type { LocationHistoryPoint } from '@courier/contract';
import { describe, expect, it } from 'vitest';
import { addToTrack } from './delivery-live';

const point = (recordedAt: string): LocationHistoryPoint => ({
  uuid: recordedAt,
  deliveryUuid: 'd',
  location: { lat: 51.5, lng: -0.1 },
  recordedAt,
});

describe('the live track', () => {
  it('adds a streamed point once, in time order', () => {
    const track = [point('2026-11-24T10:00:00.000Z'), point('2026-11-24T10:00:10.000Z')];
    const later = addToTrack(track, point('2026-11-24T10:00:20.000Z'));
    expect(later?.map((p) => p.recordedAt.slice(14, 19))).toEqual(['00:00', '00:10', '00:20']);
    expect(addToTrack(later, point('2026-11-24T10:00:20.000Z'))).toBe(later);
    const late = addToTrack(later, point('2026-11-24T10:00:05.000Z'));
    expect(late?.map((p) => p.recordedAt.slice(14, 19))).toEqual(['00:00', '00:05', '00:10', '00:20']);
    // Not loaded yet: the first fetch brings it.
    expect(addToTrack(undefined, point('2026-11-24T10:00:00.000Z'))).toBeUndefined();
  });
});
