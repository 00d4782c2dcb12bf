import type { LiveMap, LiveMapDelivery } from '@courier/contract';
import { describe, expect, it } from 'vitest';
import {
  applyPosition,
  driverOptions,
  filterDeliveries,
  markerState,
  seenLine,
  statusName,
  summarize,
} from './active-map';

const NOW = Date.parse('2026-11-24T10:00:00.000Z');
const ago = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();
const SAM = { uuid: '00000000-0000-4000-8000-0000000000a1', name: 'Sam Reed' };
const OLU = { uuid: '00000000-0000-4000-8000-0000000000a2', name: 'Olu Ade' };

const delivery = (n: number, over: Partial<LiveMapDelivery> = {}): LiveMapDelivery => ({
  deliveryUuid: `00000000-0000-4000-8000-00000000000${n}`,
  name: `Run ${n}`,
  status: 'en-route-to-pickup',
  statusChangedAt: ago(30),
  role: 'owner',
  vehicle: null,
  drivers: [SAM],
  stops: [],
  position: { driverUserUuid: SAM.uuid, lat: 51.5, lng: -0.1, recordedAt: ago(1), heading: null },
  ...over,
});

const position = (over: Record<string, unknown> = {}) => ({
  deliveryUuids: [delivery(1).deliveryUuid],
  driverUserUuid: SAM.uuid,
  vehicleUuid: null,
  lat: 51.6,
  lng: -0.2,
  recordedAt: ago(0),
  speed: null,
  heading: 45,
  ...over,
});

describe('the active deliveries map', () => {
  it('filters by status and by driver', () => {
    const list = [
      delivery(1),
      delivery(2, { status: 'at-dropoff', drivers: [OLU] }),
      delivery(3, { drivers: [SAM, OLU] }),
    ];
    expect(filterDeliveries(list, { status: null, driver: null })).toHaveLength(3);
    expect(filterDeliveries(list, { status: 'at-dropoff', driver: null }).map((d) => d.name)).toEqual([
      'Run 2',
    ]);
    expect(filterDeliveries(list, { status: null, driver: OLU.uuid }).map((d) => d.name)).toEqual([
      'Run 2',
      'Run 3',
    ]);
    expect(driverOptions(list)).toEqual([
      { value: OLU.uuid, label: 'Olu Ade' },
      { value: SAM.uuid, label: 'Sam Reed' },
    ]);
  });

  it('looks stale after five minutes without a position, and says why a delivery has no marker', () => {
    expect(markerState(delivery(1), NOW)).toBe('live');
    const stale = delivery(2, { position: { ...delivery(2).position!, recordedAt: ago(6) } });
    expect(markerState(stale, NOW)).toBe('stale');
    expect(seenLine(stale, NOW)).toMatch(/^Last seen /);
    expect(seenLine(delivery(3, { status: 'assigned', position: null }), NOW)).toBe('Not started');
    expect(seenLine(delivery(4, { position: null }), NOW)).toBe('No position yet');
    expect(summarize([delivery(1), stale, delivery(4, { position: null })], NOW)).toEqual({
      total: 3,
      live: 1,
      stale: 1,
      none: 1,
    });
    expect(statusName('en-route-to-dropoff')).toBe('En route to dropoff');
  });

  it("moves a delivery's marker with a newer position of its driver, and leaves the answer alone otherwise", () => {
    const map: LiveMap = { deliveries: [delivery(1), delivery(2)], truncated: false };
    const moved = applyPosition(map, position());
    expect(moved?.deliveries[0]?.position).toMatchObject({ lat: 51.6, lng: -0.2, heading: 45 });
    expect(moved?.deliveries[1]).toBe(map.deliveries[1]);
    // Older than what is shown, another delivery's, or a driver not on it: the same answer.
    expect(applyPosition(map, position({ recordedAt: ago(2) }))).toBe(map);
    expect(applyPosition(map, position({ deliveryUuids: [] }))).toBe(map);
    expect(applyPosition(map, position({ driverUserUuid: OLU.uuid }))).toBe(map);
    expect(applyPosition(undefined, position())).toBeUndefined();
  });
});
