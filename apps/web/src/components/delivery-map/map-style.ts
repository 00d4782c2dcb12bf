import type { StyleSpecification } from 'maplibre-gl';

/**
 * Optional raster tiles under the steps, set at build time (`VITE_MAP_TILE_URL`, an XYZ template such as
 * `https://tile.example/{z}/{x}/{y}.png`, with `VITE_MAP_TILE_ATTRIBUTION`). Unset, the map needs no network: a
 * plain background with our own layers, so it works on machines without internet.
 */
export const MAP_TILE_URL = (import.meta.env.VITE_MAP_TILE_URL as string | undefined) || undefined;
export const MAP_TILE_ATTRIBUTION =
  (import.meta.env.VITE_MAP_TILE_ATTRIBUTION as string | undefined) || undefined;

export type Scheme = 'light' | 'dark';

/** Colours MapLibre paints with (it cannot read CSS variables): Mantine's gray and dark scales. */
export const MAP_COLORS: Record<Scheme, { background: string; route: string; routeCasing: string }> = {
  light: { background: '#eef1f5', route: '#495057', routeCasing: '#ffffff' },
  dark: { background: '#242424', route: '#ced4da', routeCasing: '#141414' },
};

/** A style with no glyphs, sprites or remote sources unless a tile URL is configured. */
export function offlineStyle(scheme: Scheme, tileUrl: string | undefined = MAP_TILE_URL): StyleSpecification {
  const colors = MAP_COLORS[scheme];
  return {
    version: 8,
    sources: tileUrl
      ? {
          tiles: {
            type: 'raster',
            tiles: [tileUrl],
            tileSize: 256,
            ...(MAP_TILE_ATTRIBUTION ? { attribution: MAP_TILE_ATTRIBUTION } : {}),
          },
        }
      : {},
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': colors.background } },
      ...(tileUrl
        ? [
            {
              id: 'tiles',
              type: 'raster' as const,
              source: 'tiles',
              // Dim the tiles in the dark theme rather than ship a second tile set.
              paint: scheme === 'dark' ? { 'raster-brightness-max': 0.55, 'raster-saturation': -0.4 } : {},
            },
          ]
        : []),
    ],
  };
}
