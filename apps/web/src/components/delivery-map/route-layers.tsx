import { useComputedColorScheme } from '@mantine/core';
import { Layer, Source } from 'react-map-gl/maplibre';
import type { RouteLineCollection } from './map-data';
import { MAP_COLORS } from './map-style';

/**
 * The planned route (dashed, stop to stop) and the travelled track (solid) over a base map: children of a
 * BaseMapView, in the lazily loaded map chunk.
 */
export function RouteLayers({
  route,
  track,
}: {
  route: RouteLineCollection;
  track: GeoJSON.Feature<GeoJSON.LineString>;
}) {
  const colors = MAP_COLORS[useComputedColorScheme('light')];
  return (
    <>
      <Source id="app-route" type="geojson" data={route}>
        <Layer
          id="app-route-casing"
          type="line"
          layout={{ 'line-join': 'round', 'line-cap': 'round' }}
          paint={{ 'line-color': colors.routeCasing, 'line-width': 7, 'line-opacity': 0.8 }}
        />
        <Layer
          id="app-route-line"
          type="line"
          layout={{ 'line-join': 'round', 'line-cap': 'round' }}
          paint={{ 'line-color': colors.route, 'line-width': 3, 'line-dasharray': [2, 1.5] }}
        />
      </Source>
      <Source id="app-track" type="geojson" data={track}>
        <Layer
          id="app-track-line"
          type="line"
          layout={{ 'line-join': 'round', 'line-cap': 'round' }}
          paint={{ 'line-color': colors.track, 'line-width': 4, 'line-opacity': 0.85 }}
        />
      </Source>
    </>
  );
}
