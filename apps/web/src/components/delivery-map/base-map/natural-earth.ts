import type { GeoJSONSourceSpecification } from 'maplibre-gl';
import type { GeometryCollection, Topology } from 'topojson-specification';

type GeoJson = Exclude<GeoJSONSourceSpecification['data'], string>;

export interface NaturalEarth {
  land: GeoJson;
  /** Land borders between countries (coastlines are the land's outline). */
  borders: GeoJson;
}

let loading: Promise<NaturalEarth> | null = null;

/**
 * Natural Earth 1:50m land and countries (world-atlas, public domain), as their own chunk fetched with the map: about
 * 750 kB of TopoJSON, turned into GeoJSON here once per page.
 */
export function loadNaturalEarth(): Promise<NaturalEarth> {
  loading ??= Promise.all([import('world-atlas/countries-50m.json'), import('topojson-client')])
    .then(([json, { feature, mesh }]) => {
      const topology = json.default as unknown as Topology<{
        land: GeometryCollection;
        countries: GeometryCollection;
      }>;
      const { land, countries } = topology.objects;
      return {
        land: feature(topology, land),
        borders: mesh(topology, countries, (a, b) => a !== b),
      };
    })
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}
