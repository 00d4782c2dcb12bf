import type { MapConfig } from '@courier/contract';
import { useEffect, useMemo, useRef, type RefObject } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import BaseMapView, { type MapMarker } from './base-map/base-map-view';
import { DriverDot } from './driver-dot';
import { initialView, routeLine, trackLine, type DriverMarker, type StepPoint } from './map-data';
import { RouteLayers } from './route-layers';
import classes from './step-map.module.css';

const EMPTY_TRACK: readonly { lat: number; lng: number }[] = [];

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
 * A delivery's steps over the base map: numbered pickup and dropoff markers joined in step order. Loaded lazily
 * (maplibre is large).
 */
export default function StepMap({
  config,
  points,
  height,
  activeStepUuid = null,
  driver = null,
  track = EMPTY_TRACK,
  onMoveStep,
  placingStepUuid = null,
  centreRef,
}: {
  config: MapConfig;
  points: StepPoint[];
  height: number;
  /** The step to go to next, drawn larger with a ring. */
  activeStepUuid?: string | null;
  /** The driver's last position, live. */
  driver?: DriverMarker | null;
  /** Where the driver went, oldest first. */
  track?: readonly { lat: number; lng: number }[];
  /** Stops may be moved by hand: dragging a pin, or clicking the map while `placingStepUuid` is set, calls this. */
  onMoveStep?: (stepUuid: string, point: { lat: number; lng: number }) => void;
  /** A stop without a point being placed: the next click on the map puts it there. */
  placingStepUuid?: string | null;
  /** Set to a function answering the map's centre, for placing a stop there from the keyboard. */
  centreRef?: RefObject<(() => { lat: number; lng: number } | null) | null>;
}) {
  const line = useMemo(() => routeLine(points), [points]);
  const mapRef = useRef<MapRef>(null);
  useEffect(() => {
    if (!centreRef) return;
    centreRef.current = () => {
      const centre = mapRef.current?.getCenter();
      return centre ? { lat: centre.lat, lng: centre.lng } : null;
    };
    return () => {
      centreRef.current = null;
    };
  }, [centreRef]);
  // A step added or moved after the map opened: frame the steps again (the first framing is initialViewState's).
  const placement = points.map((p) => `${p.lng},${p.lat}`).join(';');
  const framed = useRef(placement);
  useEffect(() => {
    if (framed.current === placement || !mapRef.current) return;
    framed.current = placement;
    frame(mapRef.current, points);
  }, [placement, points]);
  const travelled = useMemo(() => trackLine(track), [track]);
  const stepMarkers: MapMarker[] = points.map((p) => ({
    id: p.stepUuid,
    lng: p.lng,
    lat: p.lat,
    ...(onMoveStep
      ? { onMoved: (point: { lat: number; lng: number }) => onMoveStep(p.stepUuid, point) }
      : {}),
    element: (
      <div
        className={classes.marker}
        data-kind={p.kind}
        data-active={p.stepUuid === activeStepUuid || undefined}
        data-movable={onMoveStep ? true : undefined}
        role="img"
        aria-label={`Step ${p.number}: ${p.kind === 'other' ? 'stop' : p.kind}${p.stepUuid === activeStepUuid ? ', next' : ''}`}
      >
        {p.number}
      </div>
    ),
  }));
  const markers: MapMarker[] = driver
    ? [
        ...stepMarkers,
        {
          id: 'driver',
          lng: driver.lng,
          lat: driver.lat,
          element: <DriverDot stale={driver.stale} label={driver.label} heading={driver.heading} />,
        },
      ]
    : stepMarkers;
  return (
    <BaseMapView
      config={config}
      height={height}
      initialViewState={{ ...initialView(points), fitBoundsOptions: FIT }}
      markers={markers}
      mapRef={mapRef}
      testId="delivery-map"
      {...(onMoveStep && placingStepUuid
        ? { onMapClick: (point: { lat: number; lng: number }) => onMoveStep(placingStepUuid, point) }
        : {})}
    >
      <RouteLayers route={line} track={travelled} />
    </BaseMapView>
  );
}
