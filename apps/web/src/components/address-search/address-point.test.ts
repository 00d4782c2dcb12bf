import { describe, expect, it } from 'vitest';
import { CAMDEN } from '../../testing/fake-places';
import { keptPoint, noPoint, placeValues, pointBody, storedPoint } from './address-point';

describe('an address form’s point', () => {
  it('goes in the body with how it was chosen, and not at all when there is none', () => {
    expect(pointBody(noPoint())).toEqual({});
    expect(pointBody(placeValues(CAMDEN))).toEqual({ lat: 51.5362, lng: -0.1406, placement: 'suggestion' });
    expect(pointBody({ lat: '51.5', lng: ' -0.1 ', placement: 'hand', placeLabel: '' })).toEqual({
      lat: 51.5,
      lng: -0.1,
      placement: 'hand',
    });
  });

  it('sends half a point or a coordinate that is no number as given, for the contract to name it', () => {
    expect(pointBody({ lat: 51, lng: '', placement: 'hand', placeLabel: '' })).toEqual({ lat: 51 });
    expect(pointBody({ lat: 'north', lng: 2, placement: '', placeLabel: '' })).toEqual({
      lat: 'north',
      lng: 2,
    });
    expect(keptPoint({ lat: 'north', lng: 2, placement: '', placeLabel: '' })).toBeNull();
  });

  it('keeps a stored point’s status when sent back unchanged', () => {
    const location = { lat: 51.5, lng: -0.1 };
    expect(storedPoint(location, 'placed', 'x').placement).toBe('suggestion');
    expect(storedPoint(location, 'manual', 'x').placement).toBe('hand');
    expect(storedPoint(undefined, 'not_found', 'x')).toEqual(noPoint());
  });
});
