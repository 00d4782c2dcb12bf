import type { DriverDelivery, DriverStop } from '@courier/contract';
import dayjs from 'dayjs';
import { clampCoordinate, type StepPlacement } from '../../components/delivery-map/map-data';
import { formatAddress } from '../../lib/delivery-format';
import { formatDay, formatTime } from '../../lib/date-format';

/** What a stop is for, by its first task (as the admin map reads a step). */
export type StopKind = 'pickup' | 'dropoff' | 'other';

/** The part of the route the live status puts the driver on (decision 018). */
export type Leg = 'pickup' | 'dropoff' | 'return' | 'done';

const PICKUP_LEG = ['created', 'scheduled', 'assigned', 'en-route-to-pickup', 'at-pickup'];
const DROPOFF_LEG = ['picked-up', 'en-route-to-dropoff', 'at-dropoff'];
/** Not yet started by the driver: these wait under the ones under way. */
const NOT_STARTED = ['created', 'scheduled', 'assigned'];

export function legOf(liveStatus: string): Leg {
  if (PICKUP_LEG.includes(liveStatus)) return 'pickup';
  if (DROPOFF_LEG.includes(liveStatus)) return 'dropoff';
  // A failed delivery goes back to its sender: the driver's next move is "returned".
  if (liveStatus === 'failed') return 'return';
  return 'done';
}

export function stopKind(stop: DriverStop): StopKind {
  const first = [...stop.tasks].sort((a, b) => a.taskOrderNo - b.taskOrderNo)[0];
  if (first?.deliveryStepTaskTypeSlug === 'pickup') return 'pickup';
  if (first?.deliveryStepTaskTypeSlug === 'dropoff') return 'dropoff';
  return 'other';
}

export const orderedStops = (delivery: Pick<DriverDelivery, 'stops'>): DriverStop[] =>
  [...delivery.stops].sort((a, b) => a.stepOrderNo - b.stepOrderNo);

/** A stop with something left to do: a task not completed (a stop without tasks counts as open). */
const isOpen = (stop: DriverStop) => stop.tasks.length === 0 || stop.tasks.some((t) => !t.completedAt);

/**
 * The stop to go to now. The server's active step wins when it names one; otherwise the live status decides:
 * the first open pickup stop until the parcels are picked up, then the first open dropoff stop, the first pickup
 * stop to return a failed delivery to, and none once it is delivered or ended.
 */
export function nextStop(
  delivery: Pick<DriverDelivery, 'stops' | 'activeDeliveryStepUuid' | 'deliveryLiveStatusTypeSlug'>,
): DriverStop | null {
  const stops = orderedStops(delivery);
  const active = stops.find((s) => s.deliveryStepUuid === delivery.activeDeliveryStepUuid);
  const leg = legOf(delivery.deliveryLiveStatusTypeSlug);
  if (leg === 'done') return null;
  if (active) return active;
  if (leg === 'return') return stops.find((s) => stopKind(s) === 'pickup') ?? stops[0] ?? null;
  const open = stops.filter(isOpen);
  return open.find((s) => stopKind(s) === leg) ?? open[0] ?? null;
}

/** When the driver last finished a task at a stop (ISO time), or null when none is done. */
const lastDoneAt = (stop: DriverStop): string | null =>
  stop.tasks.reduce<string | null>(
    (latest, t) => (t.completedAt && (!latest || t.completedAt > latest) ? t.completedAt : latest),
    null,
  );

/** Of the stops of one kind, the one the driver finished last (by its latest completed task). */
function lastFinished(stops: DriverStop[], kind: StopKind): DriverStop | null {
  const done = stops.filter((s) => stopKind(s) === kind && lastDoneAt(s));
  return done.sort((a, b) => (lastDoneAt(b) ?? '').localeCompare(lastDoneAt(a) ?? ''))[0] ?? null;
}

/**
 * The stop the driver is at, or was at last (issue 33: a photo taken at the pickup is the pickup's proof): just
 * after "Picked up" it is still the pickup stop (the active one, else the last finished, else the route's last
 * pickup), after "Delivered" the dropoff stop; on the way, and once arrived, it is the next stop.
 */
export function stopHere(delivery: DriverDelivery): DriverStop | null {
  const stops = orderedStops(delivery);
  const status = delivery.deliveryLiveStatusTypeSlug;
  const lastOf = (kind: StopKind) =>
    lastFinished(stops, kind) ?? stops.filter((s) => stopKind(s) === kind).at(-1);
  if (status === 'picked-up') {
    const active = stops.find((s) => s.deliveryStepUuid === delivery.activeDeliveryStepUuid);
    return (active && stopKind(active) === 'pickup' ? active : lastOf('pickup')) ?? nextStop(delivery);
  }
  if (legOf(status) === 'done') return lastOf('dropoff') ?? null;
  return nextStop(delivery);
}

/** Parcels to collect or hand over at a stop, counting each line's quantity. */
export const parcelCount = (stop: DriverStop): number =>
  stop.parcels.reduce((sum, p) => sum + Math.max(1, p.quantity), 0);

export const parcelsText = (count: number): string =>
  count === 0 ? 'No parcels' : `${count} ${count === 1 ? 'parcel' : 'parcels'}`;

export interface StopWindow {
  startAt: string;
  endAt: string;
}

/** The window that applies at a stop: the delivery's window of the stop's kind, else its whole-delivery window. */
export function stopWindow(
  delivery: Pick<DriverDelivery, 'deliveryScheduleWindows'>,
  kind: StopKind,
): StopWindow | null {
  const windows = delivery.deliveryScheduleWindows;
  const match =
    windows.find((w) => w.deliveryScheduleWindowTypeSlug === kind) ??
    windows.find((w) => w.deliveryScheduleWindowTypeSlug === 'whole-delivery');
  return match ? { startAt: match.startAt, endAt: match.endAt } : null;
}

/** "Today 14:00–16:00", "Tomorrow 09:00–11:30", "Wed 26 Nov 09:00 – Thu 27 Nov 10:00", in the phone's time zone. */
export function formatWindow(window: StopWindow, now: Date = new Date()): string {
  const start = dayjs(window.startAt);
  const end = dayjs(window.endAt);
  const today = dayjs(now).startOf('day');
  const day = (d: dayjs.Dayjs) => {
    const diff = d.startOf('day').diff(today, 'day');
    if (diff === 0) return 'Today';
    if (diff === 1) return 'Tomorrow';
    if (diff === -1) return 'Yesterday';
    return formatDay(d.toDate());
  };
  if (start.isSame(end, 'day'))
    return `${day(start)} ${formatTime(window.startAt)}–${formatTime(window.endAt)}`;
  return `${day(start)} ${formatTime(window.startAt)} – ${day(end)} ${formatTime(window.endAt)}`;
}

/** A window that has ended while its stop still waits. */
export const isLate = (window: StopWindow | null, now: Date = new Date()): boolean =>
  window !== null && new Date(window.endAt).getTime() < now.getTime();

const ACTION: Record<Exclude<Leg, 'done'> | StopKind, string> = {
  pickup: 'Pick up',
  dropoff: 'Drop off',
  return: 'Return',
  other: 'Stop',
};

export interface StopSummary {
  kind: StopKind;
  /** 1-based position in the route. */
  number: number;
  /** "Pick up 2 parcels", "Drop off 1 parcel", "Return 1 parcel". */
  todo: string;
  address: string;
  window: StopWindow | null;
  parcels: number;
}

/** One stop in a line or two: where, when, and what to do there. */
export function stopSummary(delivery: DriverDelivery, stop: DriverStop): StopSummary {
  const kind = stopKind(stop);
  const number = orderedStops(delivery).findIndex((s) => s.deliveryStepUuid === stop.deliveryStepUuid) + 1;
  const returning = legOf(delivery.deliveryLiveStatusTypeSlug) === 'return' && kind === 'pickup';
  const parcels = parcelCount(stop);
  const action = ACTION[returning ? 'return' : kind];
  return {
    kind,
    number,
    todo: kind === 'other' && parcels === 0 ? action : `${action} ${parcelsText(parcels).toLowerCase()}`,
    address: stop.address ? formatAddress(stop.address) : 'No address on this stop',
    window: stopWindow(delivery, kind),
    parcels,
  };
}

/**
 * The dashboard's two lists: deliveries still to work (those under way before those not started, otherwise in the
 * server's order) and those finished today.
 */
export function splitDeliveries(deliveries: DriverDelivery[]): {
  current: DriverDelivery[];
  finished: DriverDelivery[];
} {
  const current = deliveries.filter((d) => legOf(d.deliveryLiveStatusTypeSlug) !== 'done');
  const started = current.filter((d) => !NOT_STARTED.includes(d.deliveryLiveStatusTypeSlug));
  const waiting = current.filter((d) => NOT_STARTED.includes(d.deliveryLiveStatusTypeSlug));
  return {
    current: [...started, ...waiting],
    finished: deliveries.filter((d) => legOf(d.deliveryLiveStatusTypeSlug) === 'done'),
  };
}

export interface NavigationLinks {
  /** The phone's own map app. */
  geo: string;
  google: string;
  apple: string;
}

/** Links that open a stop in a map app, by its coordinates, else by its address; null when it has neither. */
export function navigationLinks(stop: DriverStop): NavigationLinks | null {
  const location = stop.location ?? stop.address?.location ?? null;
  if (location) {
    const at = `${location.lat},${location.lng}`;
    const label = stop.address ? `(${encodeURIComponent(stop.address.line1)})` : '';
    return {
      geo: `geo:${at}?q=${at}${label}`,
      google: `https://www.google.com/maps/dir/?api=1&destination=${at}`,
      apple: `https://maps.apple.com/?daddr=${at}`,
    };
  }
  if (!stop.address) return null;
  const q = encodeURIComponent(formatAddress(stop.address));
  return {
    geo: `geo:0,0?q=${q}`,
    google: `https://www.google.com/maps/dir/?api=1&destination=${q}`,
    apple: `https://maps.apple.com/?daddr=${q}`,
  };
}

/** A phone number as a tap-to-call link: digits and a leading plus only. */
export function telLink(phoneNumber: string): string {
  const trimmed = phoneNumber.trim();
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${trimmed.replace(/\D/g, '')}`;
}

/** A route's stops for the map: each placed by its own point, else its address's; the others named under it. */
export function placeStops(delivery: Pick<DriverDelivery, 'stops'>): StepPlacement {
  const placement: StepPlacement = { points: [], unplaced: [] };
  orderedStops(delivery).forEach((stop, index) => {
    const location = stop.location ?? stop.address?.location ?? null;
    if (!location) {
      placement.unplaced.push(index + 1);
      return;
    }
    placement.points.push({
      stepUuid: stop.deliveryStepUuid,
      number: index + 1,
      kind: stopKind(stop),
      lng: clampCoordinate(location.lng, 'lng'),
      lat: clampCoordinate(location.lat, 'lat'),
    });
  });
  return placement;
}

/** What a driver proves a task with: a signature on the pad or a camera photo. */
export type ProofKind = 'photo' | 'signature' | 'pin';

/**
 * The task a proof lands on: at the stop, a task of the proof's own type (a handover code: the dropoff's), else
 * the stop's first task.
 */
export function defaultProofTask(stop: DriverStop | null, kind: ProofKind): string | null {
  const tasks = [...(stop?.tasks ?? [])].sort((a, b) => a.taskOrderNo - b.taskOrderNo);
  const wanted = kind === 'pin' ? 'dropoff' : kind;
  return (tasks.find((t) => t.deliveryStepTaskTypeSlug === wanted) ?? tasks[0])?.uuid ?? null;
}

/**
 * The task a handover code proves: the next stop's dropoff task, else the route's first dropoff task still open
 * (the code is the recipient's, typed at a dropoff even when the app's next stop is still the pickup).
 */
export function defaultPinTask(delivery: DriverDelivery, stop: DriverStop | null): string | null {
  const isDropoff = (t: { deliveryStepTaskTypeSlug: string }) => t.deliveryStepTaskTypeSlug === 'dropoff';
  const byOrder = (s: DriverStop) => [...s.tasks].sort((a, b) => a.taskOrderNo - b.taskOrderNo);
  const here = stop ? byOrder(stop).find(isDropoff) : undefined;
  if (here) return here.uuid;
  const dropoffs = orderedStops(delivery).flatMap((s) => byOrder(s).filter(isDropoff));
  return (dropoffs.find((t) => !t.completedAt) ?? dropoffs[0])?.uuid ?? defaultProofTask(stop, 'pin');
}
