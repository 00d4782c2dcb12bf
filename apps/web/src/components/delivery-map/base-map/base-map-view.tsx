import type { MapConfig } from '@courier/contract';
import { useComputedColorScheme } from '@mantine/core';
import * as maplibre from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import Map, {
  Marker,
  NavigationControl,
  ScaleControl,
  type MapProps,
  type MapRef,
} from 'react-map-gl/maplibre';
import classes from '../step-map.module.css';
import {
  chooseBaseStyle,
  STYLE_LOAD_TIMEOUT_MS,
  WATCH_START,
  watchBaseMap,
  type BaseStyleChoice,
  type Scheme,
  type WatchEvent,
  type WatchState,
} from './base-style';
import { BUILTIN_COLORS, builtinStyle } from './builtin-style';
import { loadNaturalEarth, type NaturalEarth } from './natural-earth';
import { addPmtilesProtocol } from './pmtiles-protocol';
import { protomapsStyle } from './protomaps-style';

// Once, when this lazily loaded module first runs: Vite serves the worker as its own file (stack notes).
maplibre.setWorkerUrl(workerUrl);
addPmtilesProtocol();

/** A point drawn as an HTML element over the map: a numbered step, a driver, a delivery. */
export interface MapMarker {
  id: string;
  lng: number;
  lat: number;
  element: ReactNode;
  /** Dropped somewhere else by the user: where. Makes the marker draggable. */
  onMoved?: (point: { lat: number; lng: number }) => void;
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

/** Natural Earth, fetched only when the built-in map is drawn (its own chunk). Null until it has arrived. */
function useNaturalEarth(wanted: boolean): NaturalEarth | null {
  const [data, setData] = useState<NaturalEarth | null>(null);
  useEffect(() => {
    if (!wanted || data) return;
    let live = true;
    loadNaturalEarth().then(
      (loaded) => live && setData(loaded),
      // Without it the built-in map is the sea alone: the steps, line and scale still show where things are.
      (error: unknown) => console.warn('The built-in map could not load its land and borders.', error),
    );
    return () => {
      live = false;
    };
  }, [wanted, data]);
  return data;
}

interface Watch {
  /** The style the state is about; a new one starts afresh, but a failure holds. */
  key: string;
  state: WatchState;
}
const stateFor = (watch: Watch, key: string): WatchState =>
  watch.key === key ? watch.state : { ...WATCH_START, failed: watch.state.failed };
const step = (watch: Watch, key: string, event: WatchEvent): Watch => ({
  key,
  state: watchBaseMap(stateFor(watch, key), event),
});

/** Under automation (Playwright), the last map opened is `window.__courierMap`, for tests that read its layers. */
function exposeToTests(event: { target: maplibre.Map }) {
  if (navigator.webdriver) (window as unknown as { __courierMap?: maplibre.Map }).__courierMap = event.target;
}

const keyOf = (choice: BaseStyleChoice) =>
  choice.kind === 'style' ? choice.url : choice.kind === 'pmtiles' ? choice.pmtilesUrl : 'builtin';

/**
 * Follows the configured base map as it loads and says when it has failed, so the built-in one is drawn instead.
 * A failure holds for the page: the dark twin of a style that did not load is not tried either.
 */
function useBaseStyle(config: MapConfig, scheme: Scheme) {
  const [watch, setWatch] = useState<Watch>({ key: '', state: WATCH_START });
  const choice = chooseBaseStyle(config, scheme, watch.state.failed);
  const key = keyOf(choice);
  const state = stateFor(watch, key);
  const dispatch = (event: WatchEvent) => setWatch((w) => step(w, key, event));

  useEffect(() => {
    if (choice.kind === 'builtin') return;
    const timer = setTimeout(() => setWatch((w) => step(w, key, { type: 'timeout' })), STYLE_LOAD_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [choice.kind, key]);
  useEffect(() => {
    if (watch.state.failed)
      console.warn(`The ${config.kind} base map could not be loaded; drawing the built-in map instead.`);
  }, [watch.state.failed, config.kind]);

  const naturalEarth = useNaturalEarth(choice.kind === 'builtin');
  const style = useMemo(() => {
    if (choice.kind === 'style') return choice.url;
    if (choice.kind === 'pmtiles') return protomapsStyle(choice.pmtilesUrl, scheme, config.attribution);
    return builtinStyle(scheme, naturalEarth);
  }, [choice.kind, key, scheme, config.attribution, naturalEarth]); // eslint-disable-line react-hooks/exhaustive-deps

  const handlers: Pick<MapProps, 'onError' | 'onStyleData' | 'onSourceData'> =
    choice.kind === 'builtin'
      ? {}
      : {
          onError: (e) => dispatch({ type: 'error', sourceId: (e as { sourceId?: string }).sourceId }),
          onStyleData: () => dispatch({ type: 'style-loaded' }),
          onSourceData: (e) => {
            if (e.tile && e.sourceId) dispatch({ type: 'tile-loaded', sourceId: e.sourceId });
          },
        };
  const ready = choice.kind === 'builtin' ? naturalEarth !== null : state.styleLoaded;
  // What an 'idle' of the map stands for: this style, in this scheme, with or without its land yet.
  const drawKey = `${key}:${scheme}:${naturalEarth ? 'land' : 'sea'}`;
  return { choice, style, handlers, failed: state.failed, ready, drawKey };
}

/**
 * A map over the configured base map (docs/decisions/024-base-map.md) with zoom buttons and an imperial scale:
 * markers are passed in, and overlay sources and layers come as children (their source ids start with `app-`).
 * Loaded lazily with maplibre: import it through React.lazy.
 */
export default function BaseMapView({
  config,
  height,
  initialViewState,
  markers,
  children,
  mapRef,
  testId,
  onMapClick,
}: {
  config: MapConfig;
  height: number;
  initialViewState: MapProps['initialViewState'];
  markers: MapMarker[];
  children?: ReactNode;
  /** The map, for callers that move the camera (framing new steps). */
  mapRef?: RefObject<MapRef | null>;
  testId?: string;
  /** A click on the map (not on a marker): where, for placing a point by hand. Shows a crosshair cursor. */
  onMapClick?: (point: { lat: number; lng: number }) => void;
}) {
  const scheme = useComputedColorScheme('light');
  const { choice, style, handlers, failed, ready, drawKey } = useBaseStyle(config, scheme);
  const ownRef = useRef<MapRef>(null);
  const ref = mapRef ?? ownRef;
  const containerRef = useRef<HTMLDivElement>(null);
  useTrailingResize(containerRef, ref);
  const [idleFor, setIdleFor] = useState<string | null>(null);
  const customAttribution = choice.kind === 'style' && config.attribution ? config.attribution : undefined;
  return (
    <div
      ref={containerRef}
      className={classes.frame}
      // Until a style draws (and if a street map fails, while the built-in one takes over) the canvas is clear: the
      // frame shows the built-in map's land, which is also near a street map's background, so nothing flashes.
      style={{ height, background: BUILTIN_COLORS[scheme].land }}
      data-testid={testId}
      // What is drawn, for tests and support: the kind, and whether the configured one failed over.
      data-base-map={choice.kind}
      data-base-map-state={failed ? 'fallback' : ready && idleFor === drawKey ? 'ready' : 'loading'}
    >
      <Map
        ref={ref}
        mapLib={maplibre}
        mapStyle={style}
        initialViewState={initialViewState}
        attributionControl={customAttribution ? { customAttribution } : {}}
        cooperativeGestures
        style={{ width: '100%', height: '100%' }}
        onIdle={() => setIdleFor(drawKey)}
        onLoad={exposeToTests}
        {...(onMapClick
          ? { onClick: (e) => onMapClick({ lat: e.lngLat.lat, lng: e.lngLat.lng }), cursor: 'crosshair' }
          : {})}
        {...handlers}
      >
        <NavigationControl position="top-right" showCompass={false} />
        <ScaleControl position="bottom-left" unit="imperial" />
        {children}
        {markers.map((m) => (
          <Marker
            key={m.id}
            longitude={m.lng}
            latitude={m.lat}
            anchor="center"
            {...(m.onMoved
              ? {
                  draggable: true,
                  onDragEnd: (e: { lngLat: { lat: number; lng: number } }) =>
                    m.onMoved?.({ lat: e.lngLat.lat, lng: e.lngLat.lng }),
                }
              : {})}
          >
            {m.element}
          </Marker>
        ))}
      </Map>
    </div>
  );
}
