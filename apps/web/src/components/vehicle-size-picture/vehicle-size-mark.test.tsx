import { VEHICLE_SIZES } from '@courier/contract';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pictureMask, VehicleSizeMark } from './vehicle-size-mark';
import { PLACEHOLDER_PICTURE, pictureKeyFor } from './vehicle-size-picture';

const svgOf = (mask: string) => decodeURIComponent(mask.replace(/^url\("data:image\/svg\+xml,|"\)$/g, ''));

describe('vehicle size marks', () => {
  it('makes a different mask for every size, from the same drawing as the picture', () => {
    const masks = VEHICLE_SIZES.map((size) => pictureMask(pictureKeyFor(size)));
    expect(new Set(masks).size).toBe(VEHICLE_SIZES.length);
    const van = svgOf(pictureMask('van-medium'));
    expect(van).toContain("viewBox='0 0 96 56'");
    expect(van).toContain("<path d='M6 44 V11 Q6 7 10 7 H64 Q68 7 70 10 L80 24 L88 26 Q92 27 92 31 V44 Z'>");
    expect(van).toContain("<path d='M2 50.5 H94' stroke-width='1.2' opacity='0.35'>");
  });

  it('erases under the wheels (body colour becomes black) and keeps filled dots white', () => {
    const van = svgOf(pictureMask('van-medium'));
    expect(van).toContain("<circle cx='22' cy='42' r='8' fill='black'>");
    expect(van).not.toContain('var(--mantine-color-body)');
    expect(svgOf(pictureMask(PLACEHOLDER_PICTURE))).toContain("fill='white'");
  });

  it('is one decorative element naming its picture', () => {
    const { container } = render(<VehicleSizeMark size="van-small" width={48} />);
    const mark = container.firstElementChild as HTMLElement;
    expect(container.querySelectorAll('*')).toHaveLength(1);
    expect(mark.getAttribute('aria-hidden')).toBe('true');
    expect(mark.getAttribute('data-picture')).toBe('van-small');
    expect(mark.style.getPropertyValue('--picture')).toBe(pictureMask('van-small'));
    expect(mark.style.height).toBe('28px');
  });
});
