import { useComputedColorScheme } from '@mantine/core';
import * as maplibre from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useMemo, useRef, type RefObject } from 'react';
import Map, {
  Layer,
  Marker,
  NavigationControl,
  ScaleControl,
  Source,
  type MapRef,
} from 'react-map-gl/maplibre';
import classes from './step-map.module.css';
import { initialView, routeLine, type StepPoint } from './map-data';
import { MAP_COLORS, MAP_TILE_URL, offlineStyle } from './map-style';

// Once, when this lazily loaded module first runs: Vite serves the worker as its own file (stack notes).
maplibre.setWorkerUrl(workerUrl);

// Room for the markers (up to 36 px with the next-stop ring) and, on the right, the zoom buttons they would hide under.
const FIT_PADDING = { top: 40, bottom: 40, left: 40, right: 72 };
const FIT = { padding: FIT_PADDING, maxZoom: 15 };

/** Moves the camera to the steps: fitted to several, centred on one, London on none. */
function frame(map: MapRef, points: StepPoint[]) {
  const view = initialView(points);
  if ('bounds' in view) map.fitBounds(view.bounds, { ...FIT, duration: 0 });
  else map.jumpTo({ center: [view.longitude, view.latitude], zoom: view.zoom });
}

/**
 * maplibre follows its container with a throttled ResizeObserver that can miss the last of several quick changes
 * (the page settling after a navigation), leaving the canvas part-width; one trailing resize after they stop fixes it.
 */
function useTrailingResize(container: RefObject<HTMLDivElement | null>, map: RefObject<MapRef | null>) {
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new ResizeObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(() => map.current?.resize(), 120);
    });
    observer.observe(element);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [container, map]);
}

/** The map itself: numbered pickup and dropoff markers joined in step order. Loaded lazily (maplibre is large). */
export default function StepMap({
  points,
  height,
  activeStepUuid = null,
}: {
  points: StepPoint[];
  height: number;
  /** The step to go to next, drawn larger with a ring. */
  activeStepUuid?: string | null;
}) {
  const scheme = useComputedColorScheme('light');
  const style = useMemo(() => offlineStyle(scheme), [scheme]);
  const line = useMemo(() => routeLine(points), [points]);
  const view = initialView(points);
  const colors = MAP_COLORS[scheme];
  const mapRef = useRef<MapRef>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  useTrailingResize(containerRef, mapRef);
  // A step added or moved after the map opened: frame the steps again (the first framing is initialViewState's).
  const placement = points.map((p) => `${p.lng},${p.lat}`).join(';');
  const framed = useRef(placement);
  useEffect(() => {
    if (framed.current === placement || !mapRef.current) return;
    framed.current = placement;
    frame(mapRef.current, points);
  }, [placement, points]);
  return (
    <div ref={containerRef} className={classes.frame} style={{ height }} data-testid="delivery-map">
      <Map
        ref={mapRef}
        mapLib={maplibre}
        mapStyle={style}
        initialViewState={{
          ...view,
          fitBoundsOptions: FIT,
        }}
        attributionControl={MAP_TILE_URL ? { compact: true } : false}
        cooperativeGestures
        style={{ width: '100%', height: '100%' }}
      >
        <NavigationControl position="top-right" showCompass={false} />
        <ScaleControl position="bottom-left" unit="imperial" />
        <Source id="route" type="geojson" data={line}>
          <Layer
            id="route-casing"
            type="line"
            layout={{ 'line-join': 'round', 'line-cap': 'round' }}
            paint={{ 'line-color': colors.routeCasing, 'line-width': 7, 'line-opacity': 0.8 }}
          />
          <Layer
            id="route-line"
            type="line"
            layout={{ 'line-join': 'round', 'line-cap': 'round' }}
            paint={{ 'line-color': colors.route, 'line-width': 3, 'line-dasharray': [2, 1.5] }}
          />
        </Source>
        {points.map((p) => (
          <Marker key={p.stepUuid} longitude={p.lng} latitude={p.lat} anchor="center">
            <div
              className={classes.marker}
              data-kind={p.kind}
              data-active={p.stepUuid === activeStepUuid || undefined}
              role="img"
              aria-label={`Step ${p.number}: ${p.kind === 'other' ? 'stop' : p.kind}${p.stepUuid === activeStepUuid ? ', next' : ''}`}
            >
              {p.number}
            </div>
          </Marker>
        ))}
      </Map>
    </div>
  );
}
