import {
  LIVE_ACTIVE_STATUSES,
  type LiveEventData,
  type LiveMap,
  type LiveMapDelivery,
  type LiveStatus,
} from '@courier/contract';
import { isStale } from '../../components/delivery-map/map-data';
import { formatTime } from '../../lib/date-format';

/** What the screen shows: every active delivery, or one status; every driver, or one. */
export interface MapFilters {
  status: LiveStatus | null;
  driver: string | null;
}

export const STATUS_OPTIONS: { value: LiveStatus; label: string }[] = LIVE_ACTIVE_STATUSES.map((s) => ({
  value: s,
  label: statusName(s),
}));

/** "en-route-to-pickup" → "En route to pickup". */
export function statusName(status: string): string {
  const words = status.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function filterDeliveries(list: LiveMapDelivery[], filters: MapFilters): LiveMapDelivery[] {
  return list.filter(
    (d) =>
      (filters.status === null || d.status === filters.status) &&
      (filters.driver === null || d.drivers.some((p) => p.uuid === filters.driver)),
  );
}

/** The drivers on the map's deliveries, once each, by name. */
export function driverOptions(list: LiveMapDelivery[]): { value: string; label: string }[] {
  const byId = new Map<string, string>();
  for (const d of list) for (const p of d.drivers) byId.set(p.uuid, p.name);
  return [...byId].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
}

export type MarkerState = 'live' | 'stale' | 'none';

/** Live: a position within POSITIONS.staleAfterMinutes (`isStale`); stale: an older one; none: no position to show. */
export function markerState(d: LiveMapDelivery, now: number): MarkerState {
  if (!d.position) return 'none';
  return isStale(d.position.recordedAt, now) ? 'stale' : 'live';
}

export function summarize(list: LiveMapDelivery[], now: number) {
  const counts = { total: list.length, live: 0, stale: 0, none: 0 };
  for (const d of list) counts[markerState(d, now)] += 1;
  return counts;
}

/**
 * A `position` event placed on the map's answer: each delivery it names that is on the map and under way (it has
 * a position, or was waiting for one) takes it when it is newer than what it shows. The same answer when nothing
 * changes, so the screen does not draw again for another company's driver.
 */
export function applyPosition(
  map: LiveMap | undefined,
  data: LiveEventData<'position'>,
): LiveMap | undefined {
  if (!map) return map;
  let changed = false;
  const deliveries = map.deliveries.map((d) => {
    if (!data.deliveryUuids.includes(d.deliveryUuid)) return d;
    if (d.position && d.position.recordedAt >= data.recordedAt) return d;
    if (!d.drivers.some((p) => p.uuid === data.driverUserUuid)) return d;
    changed = true;
    return {
      ...d,
      position: {
        driverUserUuid: data.driverUserUuid,
        lat: data.lat,
        lng: data.lng,
        recordedAt: data.recordedAt,
        heading: data.heading,
      },
    };
  });
  return changed ? { ...map, deliveries } : map;
}

/** "Van AB12 CDE" / "No vehicle". */
export const vehicleLine = (d: LiveMapDelivery) =>
  d.vehicle ? `${d.vehicle.name} · ${d.vehicle.registrationNumber}` : 'No vehicle';

export const driversLine = (d: LiveMapDelivery) =>
  d.drivers.length ? d.drivers.map((p) => p.name).join(', ') : 'No driver';

const clock = formatTime;

/** "Seen 10:42" / "Last seen 09:10" / "No position yet" / "Not started". */
export function seenLine(d: LiveMapDelivery, now: number): string {
  const state = markerState(d, now);
  if (state === 'none') return d.status === 'assigned' ? 'Not started' : 'No position yet';
  return `${state === 'stale' ? 'Last seen' : 'Seen'} ${clock(d.position!.recordedAt)}`;
}

/** What a marker says to a screen reader and in its tooltip. */
export const markerLabel = (d: LiveMapDelivery, now: number) =>
  `${d.name}: ${driversLine(d)}, ${statusName(d.status).toLowerCase()}, ${seenLine(d, now).toLowerCase()}`;
