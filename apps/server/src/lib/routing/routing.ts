export interface Point {
  lat: number;
  lng: number;
}
export interface RouteEstimate {
  distanceM: number;
  durationS: number;
}

/** How distance and time between a delivery's stops are found. */
export interface RouteEstimator {
  estimate(points: Point[]): Promise<RouteEstimate>;
}

/** The stops that have coordinates, in order: what a route is estimated through. */
export function pointsOf(stops: { lat: number | null; lng: number | null }[]): Point[] {
  return stops.flatMap((s) => (s.lat !== null && s.lng !== null ? [{ lat: s.lat, lng: s.lng }] : []));
}

const EARTH_RADIUS_M = 6_371_000;

/** Great-circle distance in metres. */
export function haversineM(a: Point, b: Point): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The default: straight lines between stops times a road factor (roads are rarely straight; 1.3 is the usual
 * urban detour), at an average urban delivery speed.
 */
export function straightLineEstimator(opts: { roadFactor?: number; speedKmh?: number } = {}): RouteEstimator {
  const roadFactor = opts.roadFactor ?? 1.3;
  const speedMs = ((opts.speedKmh ?? 25) * 1000) / 3600;
  return {
    estimate(points) {
      let straight = 0;
      for (let i = 1; i < points.length; i++) straight += haversineM(points[i - 1]!, points[i]!);
      const distanceM = Math.round(straight * roadFactor);
      return Promise.resolve({ distanceM, durationS: Math.round(distanceM / speedMs) });
    },
  };
}

/**
 * An OSRM-compatible server (`/route/v1/driving/…`). Falls back to the straight-line estimate when the server does
 * not answer in time or answers nonsense, so creating a delivery never fails because routing is down.
 */
export function osrmEstimator(
  baseUrl: string,
  fallback = straightLineEstimator(),
  timeoutMs = 3000,
): RouteEstimator {
  return {
    async estimate(points) {
      if (points.length < 2) return { distanceM: 0, durationS: 0 };
      const coords = points.map((p) => `${p.lng},${p.lat}`).join(';');
      try {
        const res = await fetch(`${baseUrl.replace(/\/$/, '')}/route/v1/driving/${coords}?overview=false`, {
          signal: AbortSignal.timeout(timeoutMs),
        });
        const body = (await res.json()) as {
          code?: string;
          routes?: { distance: number; duration: number }[];
        };
        const route = body.routes?.[0];
        if (!res.ok || body.code !== 'Ok' || !route) return fallback.estimate(points);
        return { distanceM: Math.round(route.distance), durationS: Math.round(route.duration) };
      } catch {
        return fallback.estimate(points);
      }
    },
  };
}
