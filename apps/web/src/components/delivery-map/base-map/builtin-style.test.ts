import { describe, expect, it } from 'vitest';
import { BUILTIN_COLORS, BUILTIN_LAYERS, builtinStyle } from './builtin-style';
import { loadNaturalEarth, type NaturalEarth } from './natural-earth';

describe('builtinStyle', () => {
  it('draws sea, land, coastline and borders, needing no glyphs, sprites or tiles', () => {
    const style = builtinStyle('light', null);
    expect(style.layers.map((l) => l.id)).toEqual([...BUILTIN_LAYERS]);
    expect(style.glyphs).toBeUndefined();
    expect(style.sprite).toBeUndefined();
    expect(Object.values(style.sources).every((s) => s.type === 'geojson')).toBe(true);
  });

  const background = (scheme: 'light' | 'dark', data: NaturalEarth | null) =>
    (builtinStyle(scheme, data).layers.find((l) => l.id === 'ne-water')?.paint as Record<string, string>)[
      'background-color'
    ];
  const someLand: NaturalEarth = {
    land: { type: 'FeatureCollection', features: [] },
    borders: { type: 'MultiLineString', coordinates: [] },
  };

  it('has dark colours in the dark scheme', () => {
    // Sea when zoomed out, land from street zoom in (the coast a line there): no blue flash over a delivery's streets.
    expect(background('light', someLand)).toEqual(
      expect.arrayContaining([BUILTIN_COLORS.light.water, BUILTIN_COLORS.light.land]),
    );
    expect(background('dark', someLand)).toEqual(
      expect.arrayContaining([BUILTIN_COLORS.dark.water, BUILTIN_COLORS.dark.land]),
    );
    expect(BUILTIN_COLORS.dark.land).not.toBe(BUILTIN_COLORS.light.land);
  });

  it('is the colour of land, not a blue sea, while its land and borders load', () => {
    expect(background('light', null)).toBe(BUILTIN_COLORS.light.land);
    expect(background('dark', null)).toBe(BUILTIN_COLORS.dark.land);
  });
});

describe('loadNaturalEarth', () => {
  it('turns the shipped TopoJSON into land polygons and country borders, London on land', async () => {
    const { land, borders } = await loadNaturalEarth();
    expect(land).toMatchObject({ type: 'FeatureCollection' });
    expect(borders).toMatchObject({ type: 'MultiLineString' });
    const style = builtinStyle('light', { land, borders });
    expect(style.sources['ne-land']).toMatchObject({ data: land });
    // Somewhere in the land's rings there is a ring around London (-0.13, 51.51).
    const features = land.type === 'FeatureCollection' ? land.features : [];
    const polygons = features.flatMap((f) =>
      f.geometry.type === 'MultiPolygon'
        ? f.geometry.coordinates
        : f.geometry.type === 'Polygon'
          ? [f.geometry.coordinates]
          : [],
    );
    expect(polygons.some((rings) => rings[0] && contains(rings[0], [-0.13, 51.51]))).toBe(true);
    expect(polygons.some((rings) => rings[0] && contains(rings[0], [2.0, 53.0]))).toBe(false); // the North Sea
  });
});

/** Ray casting: is the point inside the ring? */
function contains(ring: number[][], [x, y]: [number, number]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi = 0, yi = 0] = ring[i] ?? [];
    const [xj = 0, yj = 0] = ring[j] ?? [];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}
