import type { BoardStop } from '@courier/contract';
import { describe, expect, it } from 'vitest';
import type { Draft } from './board-edit';
import { dayMapData } from './map-lines';

const stop = (id: string, deliveryUuid: string, point: [number, number] | null, done = false): BoardStop => ({
  stepUuid: id,
  deliveryUuid,
  deliveryName: deliveryUuid,
  stepOrderNo: 1,
  kind: 'pickup',
  label: id,
  location: point ? { lng: point[0], lat: point[1] } : null,
  window: null,
  done,
  etaAt: null,
});

const STOPS = new Map(
  [
    stop('a1', 'A', [-0.1, 51.5]),
    stop('a2', 'A', null),
    stop('a3', 'A', [-0.2, 51.6]),
    stop('b1', 'B', [-0.3, 51.4]),
    stop('w1', 'W', [-0.4, 51.3]),
    stop('w2', 'W', [-0.5, 51.2], true),
  ].map((s) => [s.stepUuid, s]),
);
const STEPS_OF = new Map([
  ['A', ['a1', 'a2', 'a3']],
  ['B', ['b1']],
  ['W', ['w1', 'w2']],
]);
const DRAFT: Draft = {
  routes: [
    { driverUserUuid: 'ada', stepUuids: ['a1', 'a2', 'a3'], lockedStepUuids: [], vehicleUuid: null },
    { driverUserUuid: 'ben', stepUuids: ['b1'], lockedStepUuids: [], vehicleUuid: null },
  ],
  unassigned: ['W'],
};

describe('the day on a map', () => {
  it('draws each route through its placed stops in order, numbered by their place in the route', () => {
    const data = dayMapData(DRAFT, STOPS, STEPS_OF, (d) => (d === 'ada' ? '#f00' : '#00f'));
    expect(data.lines.features).toEqual([
      {
        type: 'Feature',
        properties: { driverUserUuid: 'ada', color: '#f00' },
        geometry: {
          type: 'LineString',
          coordinates: [
            [-0.1, 51.5],
            [-0.2, 51.6],
          ],
        },
      },
    ]);
    // Ben's one stop is a marker but no line; a stop without a point keeps its number for the next.
    expect(data.stops.map((s) => [s.stop.stepUuid, s.number, s.color])).toEqual([
      ['a1', 1, '#f00'],
      ['a3', 3, '#f00'],
      ['b1', 1, '#00f'],
    ]);
    // The unassigned delivery's open stops only.
    expect(data.waiting.map((s) => s.stepUuid)).toEqual(['w1']);
  });
});
