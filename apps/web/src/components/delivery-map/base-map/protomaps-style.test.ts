import type { LayerSpecification } from 'maplibre-gl';
import { describe, expect, it } from 'vitest';
import { PROTOMAPS_SOURCE, protomapsStyle, withoutIcons } from './protomaps-style';

describe('protomapsStyle', () => {
  const light = protomapsStyle('/api/v1/map/tiles.pmtiles?v=1-2', 'light', '© OpenStreetMap contributors');
  const dark = protomapsStyle('/api/v1/map/tiles.pmtiles?v=1-2', 'dark', '© OpenStreetMap contributors');

  it('reads the archive on this server through the pmtiles protocol, with its attribution', () => {
    expect(light.sources[PROTOMAPS_SOURCE]).toEqual({
      type: 'vector',
      url: `pmtiles://${window.location.origin}/api/v1/map/tiles.pmtiles?v=1-2`,
      attribution: '© OpenStreetMap contributors',
    });
  });

  it('draws streets and labels with nothing from a third party: no glyphs, sprites or icons', () => {
    expect(light.glyphs).toBeUndefined();
    expect(light.sprite).toBeUndefined();
    const ids = light.layers.map((l) => l.id);
    expect(ids).toEqual(expect.arrayContaining(['earth', 'water', 'roads_major', 'places_locality']));
    expect(light.layers.some((l) => l.type === 'symbol' && l.layout && 'icon-image' in l.layout)).toBe(false);
  });

  it('takes the dark flavour in the dark scheme', () => {
    const background = (s: typeof light) =>
      (s.layers.find((l) => l.id === 'background')?.paint as Record<string, unknown>)['background-color'];
    expect(background(dark)).not.toEqual(background(light));
  });
});

describe('withoutIcons', () => {
  it('keeps a symbol layer’s text, drops an icon-only one, and leaves other layers alone', () => {
    const layers: LayerSpecification[] = [
      { id: 'fill', type: 'fill', source: 's', 'source-layer': 'l' },
      {
        id: 'poi',
        type: 'symbol',
        source: 's',
        'source-layer': 'l',
        layout: { 'icon-image': 'x', 'text-field': 'n' },
      },
      { id: 'arrows', type: 'symbol', source: 's', 'source-layer': 'l', layout: { 'icon-image': 'arrow' } },
    ];
    expect(withoutIcons(layers)).toEqual([
      layers[0],
      { id: 'poi', type: 'symbol', source: 's', 'source-layer': 'l', layout: { 'text-field': 'n' } },
    ]);
  });
});
