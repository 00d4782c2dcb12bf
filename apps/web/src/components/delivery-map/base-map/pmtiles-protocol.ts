import * as maplibre from 'maplibre-gl';
import { Protocol } from 'pmtiles';

let added = false;

/** `pmtiles://` sources read the archive by HTTP range requests; MapLibre learns the scheme once per page. */
export function addPmtilesProtocol(): void {
  if (added) return;
  maplibre.addProtocol('pmtiles', new Protocol().tile);
  added = true;
}
