import type { LiveMapDelivery, MapConfig } from '@courier/contract';
import { IconBuildingWarehouse } from '@tabler/icons-react';
import { useEffect, useMemo, useRef } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import BaseMapView, { type MapMarker } from '../../../components/delivery-map/base-map/base-map-view';
import {
  initialView,
  routeLine,
  trackLine,
  type LngLat,
  type StepPoint,
} from '../../../components/delivery-map/map-data';
import { RouteLayers } from '../../../components/delivery-map/route-layers';
import stepClasses from '../../../components/delivery-map/step-map.module.css';
import type { Depot } from '../../../lib/session/company-depot';
import { VehicleSizePicture } from '../../../components/vehicle-size-picture/vehicle-size-picture';
import { markerLabel, markerState } from '../active-map';
import classes from './active-map.module.css';

const FIT = { padding: { top: 56, bottom: 56, left: 56, right: 80 }, maxZoom: 14 };

/** A delivery's stops and its vehicle, to frame it. */
const placesOf = (d: LiveMapDelivery): LngLat[] => [...d.stops, ...(d.position ? [d.position] : [])];
/** Every vehicle seen. */
const vehiclesOf = (list: LiveMapDelivery[]): LngLat[] =>
  list.flatMap((d) => (d.position ? [d.position] : []));

function frame(map: MapRef, points: LngLat[]) {
  const view = initialView(points);
  if ('bounds' in view) map.fitBounds(view.bounds, { ...FIT, duration: 600 });
  else map.easeTo({ center: [view.longitude, view.latitude], zoom: view.zoom, duration: 600 });
}

/**
 * Every active delivery's vehicle where its driver was last seen, the selected one's stops, planned route and
 * travelled track. Loaded lazily (maplibre is large).
 */
export default function ActiveMapCanvas({
  config,
  depot,
  deliveries,
  selected,
  onSelect,
  track,
  now,
  height,
}: {
  config: MapConfig;
  /** The courier company's depot, pinned (null for a shipper or without one). */
  depot: Depot | null;
  deliveries: LiveMapDelivery[];
  selected: LiveMapDelivery | null;
  onSelect: (uuid: string) => void;
  track: readonly LngLat[];
  now: number;
  height: number;
}) {
  const mapRef = useRef<MapRef>(null);

  // Opened on the selected delivery (a shared link), else every vehicle seen and the depot; a newly selected one is
  // framed in turn.
  const initial = useMemo(
    () => ({
      ...initialView(selected ? placesOf(selected) : [...vehiclesOf(deliveries), ...(depot ? [depot] : [])]),
      fitBoundsOptions: FIT,
    }),
    // Only the first answer places the camera; later ones move markers, not the view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const selectedUuid = selected?.deliveryUuid ?? null;
  const framedFor = useRef<string | null>(selectedUuid);
  useEffect(() => {
    if (!selected || framedFor.current === selectedUuid || !mapRef.current) return;
    framedFor.current = selectedUuid;
    frame(mapRef.current, placesOf(selected));
  }, [selected, selectedUuid]);

  const stops: StepPoint[] = useMemo(
    () =>
      (selected?.stops ?? []).map((s, i) => ({
        stepUuid: `${selectedUuid}-${s.stepOrderNo}`,
        number: i + 1,
        kind: s.kind,
        lat: s.lat,
        lng: s.lng,
      })),
    [selected, selectedUuid],
  );
  const route = useMemo(() => routeLine(stops), [stops]);
  const travelled = useMemo(() => trackLine(track), [track]);

  const stopMarkers: MapMarker[] = stops.map((p) => ({
    id: p.stepUuid,
    lng: p.lng,
    lat: p.lat,
    element: (
      <div
        className={stepClasses.marker}
        data-kind={p.kind}
        role="img"
        aria-label={`Stop ${p.number}: ${p.kind === 'other' ? 'stop' : p.kind}`}
      >
        {p.number}
      </div>
    ),
  }));
  const vehicleMarkers: MapMarker[] = deliveries.flatMap((d) => {
    if (!d.position) return [];
    const label = markerLabel(d, now);
    const isSelected = d.deliveryUuid === selectedUuid;
    return [
      {
        id: d.deliveryUuid,
        lng: d.position.lng,
        lat: d.position.lat,
        element: (
          <button
            type="button"
            className={classes.vehicle}
            data-state={markerState(d, now)}
            data-selected={isSelected || undefined}
            data-testid="vehicle-marker"
            data-delivery={d.deliveryUuid}
            data-position={`${d.position.lat.toFixed(5)},${d.position.lng.toFixed(5)}`}
            aria-label={label}
            aria-pressed={isSelected}
            title={label}
            onClick={() => onSelect(d.deliveryUuid)}
          >
            <VehicleSizePicture size={d.vehicle?.sizeSlug} width={isSelected ? 30 : 26} />
            {d.position.heading !== null ? (
              // Which way the vehicle is going: an arrow on its ring (the phone's compass heading, degrees from north).
              <span
                className={classes.heading}
                style={{ transform: `rotate(${d.position.heading}deg)` }}
                data-testid="vehicle-heading"
                aria-hidden
              />
            ) : null}
          </button>
        ),
      },
    ];
  });
  const depotMarkers: MapMarker[] = depot
    ? [
        {
          id: 'depot',
          lng: depot.lng,
          lat: depot.lat,
          element: (
            <div
              className={classes.depot}
              role="img"
              aria-label={depot.label ? `Depot: ${depot.label}` : 'Depot'}
              title={depot.label ? `Depot: ${depot.label}` : 'Depot'}
              data-testid="depot-marker"
            >
              <IconBuildingWarehouse size={18} stroke={2} aria-hidden />
            </div>
          ),
        },
      ]
    : [];
  // The depot under everything, the selected vehicle on top of the others.
  const markers = [
    ...depotMarkers,
    ...stopMarkers,
    ...vehicleMarkers.filter((m) => m.id !== selectedUuid),
    ...vehicleMarkers.filter((m) => m.id === selectedUuid),
  ];

  return (
    <BaseMapView
      config={config}
      height={height}
      initialViewState={initial}
      markers={markers}
      mapRef={mapRef}
      testId="active-map"
    >
      <RouteLayers route={route} track={travelled} />
    </BaseMapView>
  );
}
