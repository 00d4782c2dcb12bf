import { layers, namedFlavor } from '@protomaps/basemaps';
import type { LayerSpecification, StyleSpecification } from 'maplibre-gl';
import type { Scheme } from './base-style';

/** The source id of the operator's archive in the Protomaps style. */
export const PROTOMAPS_SOURCE = 'protomaps';

/**
 * The Protomaps basemap over the operator's PMTiles archive, light or dark. The package ships the layers but no
 * fonts or sprites, and fetching them from a third party is what self-hosting avoids, so the style names neither:
 * MapLibre draws the labels with the browser's own fonts when a style has no `glyphs`, and the layers' icons (point
 * of interest symbols, one-way arrows) are left out, keeping their names (docs/decisions/024-base-map.md).
 */
export function protomapsStyle(pmtilesUrl: string, scheme: Scheme, attribution: string): StyleSpecification {
  return {
    version: 8,
    sources: {
      [PROTOMAPS_SOURCE]: {
        type: 'vector',
        url: `pmtiles://${new URL(pmtilesUrl, window.location.origin).href}`,
        ...(attribution ? { attribution } : {}),
      },
    },
    layers: withoutIcons(layers(PROTOMAPS_SOURCE, namedFlavor(scheme), { lang: 'en' })),
  };
}

/** The layers without `icon-image`: a symbol layer keeps its text, and one with icons only is dropped. */
export function withoutIcons(all: LayerSpecification[]): LayerSpecification[] {
  return all.flatMap((layer) => {
    if (layer.type !== 'symbol' || !layer.layout || !('icon-image' in layer.layout)) return [layer];
    const { 'icon-image': _icon, ...layout } = layer.layout;
    return 'text-field' in layout ? [{ ...layer, layout }] : [];
  });
}
