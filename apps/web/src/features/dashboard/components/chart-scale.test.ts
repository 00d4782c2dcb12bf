import { describe, expect, it } from 'vitest';
import { chartScale, formatRate, formatSatisfaction } from './chart-scale';

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

  it("shows recipients' satisfaction as average stars with how many ratings, or a dash with none", () => {
    expect(formatSatisfaction({ averageStars: null, ratings: 0 }, 30)).toEqual({
      value: '—',
      hint: 'no recipient ratings in 30 days',
    });
    expect(formatSatisfaction({ averageStars: 4.25, ratings: 12 }, 30)).toEqual({
      value: '4.3 / 5',
      hint: 'from 12 recipient ratings in 30 days',
    });
    expect(formatSatisfaction({ averageStars: 5, ratings: 1 }, 30).hint).toBe(
      'from 1 recipient rating in 30 days',
    );
  });
});
