import { describe, expect, it } from 'vitest';
import { chartScale, formatRate } from './chart-scale';

describe('dashboard figures', () => {
  it('scales bars to the largest value, never below 1', () => {
    expect(chartScale([])).toBe(1);
    expect(chartScale([0, 0])).toBe(1);
    expect(chartScale([3, 7, 2])).toBe(7);
    expect(chartScale([Number.NaN, 4])).toBe(4);
  });

  it('shows the on-time rate as a percentage', () => {
    expect(formatRate(null)).toBe('—');
    expect(formatRate(0)).toBe('0%');
    expect(formatRate(0.876)).toBe('88%');
    expect(formatRate(1)).toBe('100%');
  });
});
