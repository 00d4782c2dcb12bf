import type { DriverRoute, MapConfig } from '@courier/contract';
import { useComputedColorScheme } from '@mantine/core';
import { useMemo } from 'react';
import { Layer, Source } from 'react-map-gl/maplibre';
import BaseMapView, { type MapMarker } from '../../../components/delivery-map/base-map/base-map-view';
import { DriverDot } from '../../../components/delivery-map/driver-dot';
import { initialView, type LngLat } from '../../../components/delivery-map/map-data';
import { MAP_COLORS } from '../../../components/delivery-map/map-style';
import { kindLabel } from './stop-bits';
import type { DayMapData } from '../map-lines';
import classes from './dispatch.module.css';

const FIT = { padding: { top: 40, bottom: 40, left: 40, right: 72 }, maxZoom: 14 };

/**
 * The day over the base map (the built-in one offline, MAP_OFFLINE): each driver's route as a line in their colour
 * through its numbered stops, the unassigned stops in grey, and where each driver was last seen. Loaded lazily
 * (maplibre is large).
 */
export default function DispatchMapCanvas({
  config,
  data,
  drivers,
  height,
}: {
  config: MapConfig;
  data: DayMapData;
  drivers: { route: DriverRoute; color: string }[];
  height: number;
}) {
  const scheme = useComputedColorScheme('light');
  // The first arrangement frames the map; later edits move markers, not the camera.
  const initial = useMemo(
    () => {
      const points: LngLat[] = [
        ...data.stops.map((s) => s.stop.location!),
        ...data.waiting.map((s) => s.location!),
        ...drivers.flatMap((d) => (d.route.location ? [d.route.location] : [])),
      ];
      return { ...initialView(points), fitBoundsOptions: FIT };
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const names = new Map(
    drivers.map((d) => [d.route.driverUserUuid, `${d.route.firstName} ${d.route.lastName}`]),
  );
  const markers: MapMarker[] = [
    ...data.waiting.map((s) => ({
      id: `waiting-${s.stepUuid}`,
      lng: s.location!.lng,
      lat: s.location!.lat,
      element: (
        <div
          className={classes.mapWaiting}
          role="img"
          aria-label={`Unassigned: ${s.deliveryName}, ${kindLabel(s.kind).toLowerCase()}`}
          title={`Unassigned: ${s.deliveryName}, ${kindLabel(s.kind).toLowerCase()}`}
        />
      ),
    })),
    ...data.stops.map(({ stop, number, color, driverUserUuid }) => {
      const label = `${names.get(driverUserUuid) ?? 'Route'}, stop ${number}: ${stop.deliveryName}, ${kindLabel(stop.kind).toLowerCase()}`;
      return {
        id: `stop-${stop.stepUuid}`,
        lng: stop.location!.lng,
        lat: stop.location!.lat,
        element: (
          <div
            className={classes.mapStop}
            style={{ background: color }}
            data-done={stop.done || undefined}
            role="img"
            aria-label={label}
            title={label}
          >
            {number}
          </div>
        ),
      };
    }),
    ...drivers.flatMap(({ route }) =>
      route.location
        ? [
            {
              id: `driver-${route.driverUserUuid}`,
              lng: route.location.lng,
              lat: route.location.lat,
              element: (
                <DriverDot stale={false} label={`${route.firstName} ${route.lastName}, last seen here`} />
              ),
            },
          ]
        : [],
    ),
  ];
  return (
    <BaseMapView
      config={config}
      height={height}
      initialViewState={initial}
      markers={markers}
      testId="dispatch-map"
    >
      <Source id="app-dispatch-routes" type="geojson" data={data.lines}>
        <Layer
          id="app-dispatch-routes-casing"
          type="line"
          layout={{ 'line-join': 'round', 'line-cap': 'round' }}
          paint={{ 'line-color': MAP_COLORS[scheme].routeCasing, 'line-width': 7, 'line-opacity': 0.8 }}
        />
        <Layer
          id="app-dispatch-routes-line"
          type="line"
          layout={{ 'line-join': 'round', 'line-cap': 'round' }}
          paint={{ 'line-color': ['get', 'color'], 'line-width': 4 }}
        />
      </Source>
    </BaseMapView>
  );
}
