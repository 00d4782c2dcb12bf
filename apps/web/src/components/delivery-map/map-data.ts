import {
  POSITIONS,
  type Address,
  type DeliveryStep,
  type DeliveryStepTask,
  type LiveEventData,
  type LocationHistoryPoint,
} from '@courier/contract';

/** Spec section 9: London, zoom 9, when there is nothing to show. */
export const DEFAULT_CENTER = { lng: -0.187, lat: 51.528 } as const;
export const DEFAULT_ZOOM = 9;
/** Zoom for a delivery with one placed step: a street-level view rather than the whole region. */
export const SINGLE_POINT_ZOOM = 13;

export type StepKind = 'pickup' | 'dropoff' | 'other';

export interface StepPoint {
  stepUuid: string;
  /** 1-based position in step order, as the timeline numbers it. */
  number: number;
  kind: StepKind;
  lng: number;
  lat: number;
}

export interface StepPlacement {
  points: StepPoint[];
  /** Numbers of the steps with no coordinates, said under the map rather than drawn. */
  unplaced: number[];
  /** The same steps' uuids, in the same order: what placing one by hand names. */
  unplacedUuids?: string[];
}

type Warn = (message: string) => void;
// Spec section 5 asks for a console warning.
const consoleWarn: Warn = (message) => console.warn(message);

/**
 * Spec section 5: a longitude outside -180..180 or a latitude outside -90..90 is replaced by 0, with a console
 * warning. A value that is not a finite number counts as out of range.
 */
export function clampCoordinate(value: number, axis: 'lng' | 'lat', warn: Warn = consoleWarn): number {
  const limit = axis === 'lng' ? 180 : 90;
  if (Number.isFinite(value) && value >= -limit && value <= limit) return value;
  warn(`Map coordinates: ${axis === 'lng' ? 'longitude' : 'latitude'} ${value} is out of range; using 0.`);
  return 0;
}

/** A step is a pickup or a dropoff by its first task (the one it was created with). */
export function stepKindOf(tasks: DeliveryStepTask[], stepUuid: string): StepKind {
  const first = tasks
    .filter((t) => t.deliveryStepUuid === stepUuid)
    .sort((a, b) => a.taskOrderNo - b.taskOrderNo)[0];
  if (first?.deliveryStepTaskTypeSlug === 'pickup') return 'pickup';
  if (first?.deliveryStepTaskTypeSlug === 'dropoff') return 'dropoff';
  return 'other';
}

/** Steps in order with their coordinates: the step's own point, else its address's. */
export function placeSteps(
  steps: DeliveryStep[],
  tasks: DeliveryStepTask[],
  addresses: Address[],
  warn: Warn = consoleWarn,
): StepPlacement {
  const ordered = [...steps].sort((a, b) => a.stepOrderNo - b.stepOrderNo);
  const points: StepPoint[] = [];
  const unplaced: number[] = [];
  const unplacedUuids: string[] = [];
  ordered.forEach((step, index) => {
    const address = addresses.find((a) => a.uuid === step.addressUuid);
    const location = step.location ?? address?.location ?? null;
    if (!location) {
      unplaced.push(index + 1);
      unplacedUuids.push(step.uuid);
      return;
    }
    points.push({
      stepUuid: step.uuid,
      number: index + 1,
      kind: stepKindOf(tasks, step.uuid),
      lng: clampCoordinate(location.lng, 'lng', warn),
      lat: clampCoordinate(location.lat, 'lat', warn),
    });
  });
  return { points, unplaced, unplacedUuids };
}

/** A GeoJSON collection of at most one line (typed here to keep `geojson` out of the dependencies). */
export interface RouteLineCollection {
  type: 'FeatureCollection';
  features: {
    type: 'Feature';
    properties: Record<string, never>;
    geometry: { type: 'LineString'; coordinates: [number, number][] };
  }[];
}

/** The line joining the placed steps in step order (empty with fewer than two). */
export function routeLine(points: StepPoint[]): RouteLineCollection {
  const features: RouteLineCollection['features'] =
    points.length < 2
      ? []
      : [
          {
            type: 'Feature',
            properties: {},
            geometry: { type: 'LineString', coordinates: points.map((p) => [p.lng, p.lat]) },
          },
        ];
  return { type: 'FeatureCollection', features };
}

export type Bounds = [[number, number], [number, number]];
/** Anything placed on the map. */
export type LngLat = { lng: number; lat: number };

/** South-west and north-east corners around the points, or null when there are none. */
export function boundsOf(points: readonly LngLat[]): Bounds | null {
  if (points.length === 0) return null;
  let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const p of points) {
    west = Math.min(west, p.lng);
    east = Math.max(east, p.lng);
    south = Math.min(south, p.lat);
    north = Math.max(north, p.lat);
  }
  return [
    [west, south],
    [east, north],
  ];
}

/** Where the map opens: fitted to several steps, centred on one, or London. */
export function initialView(
  points: readonly LngLat[],
): { bounds: Bounds } | { longitude: number; latitude: number; zoom: number } {
  const bounds = boundsOf(points);
  const only = points.length === 1 ? points[0] : undefined;
  if (only) return { longitude: only.lng, latitude: only.lat, zoom: SINGLE_POINT_ZOOM };
  if (bounds) return { bounds };
  return { longitude: DEFAULT_CENTER.lng, latitude: DEFAULT_CENTER.lat, zoom: DEFAULT_ZOOM };
}

/** "Step 3 has no coordinates" / "Steps 2 and 4 have no coordinates". */
export function unplacedMessage(unplaced: number[]): string | null {
  if (unplaced.length === 0) return null;
  if (unplaced.length === 1) return `Step ${unplaced[0]} has no coordinates, so it is not on the map.`;
  const list = `${unplaced.slice(0, -1).join(', ')} and ${unplaced.at(-1)}`;
  return `Steps ${list} have no coordinates, so they are not on the map.`;
}

/** A position at most this old counts as live; older, the driver's marker looks stale. */
export function isStale(recordedAt: string, now = Date.now()): boolean {
  return now - Date.parse(recordedAt) > POSITIONS.staleAfterMinutes * 60_000;
}

/** The driver on the map: where they were last seen, and whether that is old (no position for a while). */
export interface DriverMarker {
  lat: number;
  lng: number;
  label: string;
  stale: boolean;
  /** Which way they are going, degrees from north (null when the phone did not say). */
  heading: number | null;
}

/** The travelled track as a GeoJSON line (empty under two points). */
export function trackLine(
  track: readonly { lat: number; lng: number }[],
): GeoJSON.Feature<GeoJSON.LineString> {
  return {
    type: 'Feature',
    properties: {},
    geometry: { type: 'LineString', coordinates: track.length < 2 ? [] : track.map((p) => [p.lng, p.lat]) },
  };
}

/** A `position` event of the live stream as a point of one delivery's travelled track. */
export function trackPointOf(
  event: { id: string; data: LiveEventData<'position'> },
  deliveryUuid: string,
): LocationHistoryPoint {
  const { data } = event;
  return {
    uuid: event.id,
    deliveryUuid,
    location: { lat: data.lat, lng: data.lng },
    recordedAt: data.recordedAt,
    ...(data.speed === null ? {} : { speed: data.speed }),
    ...(data.heading === null ? {} : { heading: data.heading }),
  };
}

/** A point of the stream added to a loaded track: in time order, once (undefined while the track is not loaded). */
export function addToTrack(
  track: LocationHistoryPoint[] | undefined,
  point: LocationHistoryPoint,
): LocationHistoryPoint[] | undefined {
  if (!track) return track;
  if (track.some((p) => p.recordedAt === point.recordedAt)) return track;
  const last = track[track.length - 1];
  if (!last || last.recordedAt < point.recordedAt) return [...track, point];
  return [...track, point].sort((a, b) => a.recordedAt.localeCompare(b.recordedAt));
}
