import type { StyleSpecification } from 'maplibre-gl';
import type { Scheme } from './base-style';
import type { NaturalEarth } from './natural-earth';

/** Sea, land, coastline and borders in the app's two schemes (MapLibre cannot read CSS variables). */
export const BUILTIN_COLORS: Record<Scheme, { water: string; land: string; coast: string; border: string }> =
  {
    light: { water: '#cddff0', land: '#f3f1ea', coast: '#8fb0cc', border: '#a99bb0' },
    dark: { water: '#172431', land: '#2b2e33', coast: '#3f5a72', border: '#6b6178' },
  };

/** The zoom from which the built-in map is land all over (a delivery's streets), its coastline a line. */
const STREET_ZOOM = 10;

/** Layer ids of the built-in base map, under everything else. */
export const BUILTIN_LAYERS = ['ne-water', 'ne-land', 'ne-coast', 'ne-borders'] as const;
/** Its sources, which are ours: an error there is not "the configured style failed". */
export const BUILTIN_SOURCES = ['ne-land', 'ne-borders'] as const;

const empty = (): NaturalEarth['land'] => ({ type: 'FeatureCollection', features: [] });

/**
 * The base map shipped with the app: Natural Earth land and country borders (1:50m) drawn from GeoJSON, with no
 * tiles, glyphs or sprites, so it draws on a machine without internet. `data` is null while its chunk loads: the
 * land's colour all over (the map's frame has it too), then the sea and the land. A sea with no land yet would flash
 * blue over a delivery's streets, which are all land at the zoom the maps open at.
 */
export function builtinStyle(scheme: Scheme, data: NaturalEarth | null): StyleSpecification {
  const colors = BUILTIN_COLORS[scheme];
  return {
    version: 8,
    sources: {
      'ne-land': { type: 'geojson', data: data?.land ?? empty(), attribution: 'Natural Earth' },
      'ne-borders': { type: 'geojson', data: data?.borders ?? empty() },
    },
    layers: [
      {
        id: 'ne-water',
        type: 'background',
        // From street zoom in, the background is land even with the data in: the 1:50m coast is only drawn as a
        // line there, and a sea drawn while the land's GeoJSON is still being cut into tiles would flash blue.
        paint: {
          'background-color': data
            ? ['interpolate', ['linear'], ['zoom'], STREET_ZOOM - 2, colors.water, STREET_ZOOM, colors.land]
            : colors.land,
        },
      },
      { id: 'ne-land', type: 'fill', source: 'ne-land', paint: { 'fill-color': colors.land } },
      {
        id: 'ne-coast',
        type: 'line',
        source: 'ne-land',
        paint: {
          'line-color': colors.coast,
          'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.5, 10, 1.5],
        },
      },
      {
        id: 'ne-borders',
        type: 'line',
        source: 'ne-borders',
        layout: { 'line-join': 'round' },
        paint: { 'line-color': colors.border, 'line-width': 1, 'line-dasharray': [3, 2] },
      },
    ],
  };
}
