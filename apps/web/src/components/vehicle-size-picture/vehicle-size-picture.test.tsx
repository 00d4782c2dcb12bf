import { VEHICLE_SIZES } from '@courier/contract';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_PICTURE, pictureKeyFor, VehicleSizePicture } from './vehicle-size-picture';

describe('vehicle size pictures', () => {
  it('gives each of the 16 known sizes its own picture', () => {
    const known = VEHICLE_SIZES.filter((size) => size !== 'unknown');
    expect(known).toHaveLength(16);
    for (const size of known) expect(pictureKeyFor(size)).toBe(size);
  });

  it('falls back to the placeholder for unknown, missing and unrecognised sizes', () => {
    for (const size of ['unknown', null, undefined, '', 'spaceship', 'VAN-SMALL']) {
      expect(pictureKeyFor(size)).toBe(PLACEHOLDER_PICTURE);
    }
  });

  it('draws a different picture for every size', () => {
    const drawings = VEHICLE_SIZES.map((size) => {
      const { container, unmount } = render(<VehicleSizePicture size={size} />);
      const html = container.innerHTML;
      unmount();
      return html.replace(/data-picture="[^"]*"/, '');
    });
    expect(new Set(drawings).size).toBe(VEHICLE_SIZES.length);
  });

  it('is decorative without a label and a named image with one', () => {
    const { container, rerender } = render(<VehicleSizePicture size="nonsense" />);
    const svg = () => container.querySelector('svg');
    expect(svg()?.getAttribute('aria-hidden')).toBe('true');
    expect(svg()?.getAttribute('data-picture')).toBe(PLACEHOLDER_PICTURE);
    rerender(<VehicleSizePicture size="van-large" label="Large van" />);
    expect(svg()?.getAttribute('role')).toBe('img');
    expect(svg()?.getAttribute('aria-label')).toBe('Large van');
    expect(svg()?.getAttribute('data-picture')).toBe('van-large');
  });
});
