import type { BoardStop } from '@courier/contract';
import type { Draft } from './board-edit';

/** A route's line on the map: its stops with a point, in the route's order, in the driver's colour. */
export interface RouteLineFeature {
  type: 'Feature';
  properties: { driverUserUuid: string; color: string };
  geometry: { type: 'LineString'; coordinates: [number, number][] };
}

export interface DayMapData {
  lines: { type: 'FeatureCollection'; features: RouteLineFeature[] };
  /** Numbered stops of the routes, in their driver's colour. */
  stops: { stop: BoardStop; number: number; color: string; driverUserUuid: string }[];
  /** Stops of deliveries in no route. */
  waiting: BoardStop[];
}

/**
 * The day on a map, from the arrangement as it stands (unsaved changes included): each route's line through its
 * placed stops in order, its numbered stops, and the unassigned deliveries' stops. Stops without a point are left out.
 */
export function dayMapData(
  draft: Draft,
  stops: ReadonlyMap<string, BoardStop>,
  stepsOf: ReadonlyMap<string, readonly string[]>,
  colorOf: (driverUserUuid: string) => string,
): DayMapData {
  const features: RouteLineFeature[] = [];
  const numbered: DayMapData['stops'] = [];
  for (const route of draft.routes) {
    const color = colorOf(route.driverUserUuid);
    const placed: [number, number][] = [];
    route.stepUuids.forEach((id, i) => {
      const stop = stops.get(id);
      if (!stop?.location) return;
      placed.push([stop.location.lng, stop.location.lat]);
      numbered.push({ stop, number: i + 1, color, driverUserUuid: route.driverUserUuid });
    });
    if (placed.length >= 2)
      features.push({
        type: 'Feature',
        properties: { driverUserUuid: route.driverUserUuid, color },
        geometry: { type: 'LineString', coordinates: placed },
      });
  }
  const waiting = draft.unassigned.flatMap((uuid) =>
    (stepsOf.get(uuid) ?? []).flatMap((id) => {
      const stop = stops.get(id);
      return stop?.location && !stop.done ? [stop] : [];
    }),
  );
  return { lines: { type: 'FeatureCollection', features }, stops: numbered, waiting };
}
